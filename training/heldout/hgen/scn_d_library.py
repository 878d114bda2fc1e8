"""library_loans (set d): a public library patron's loans and holds, renewals, catalog availability by branch, borrowing policy."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, mutate_id, other_than, plural,
                     s_arr, s_int, s_obj, s_str)
from .dstyle import (bye, datefmt, days_between, fake_attr, fake_section, head, hello, in_days, lab, listing, usd)

BASE = "https://catalog.riverbendlibrary.example/api"
POLICY_URL = "https://www.riverbendlibrary.example/about/borrowing-policy"
BRANCHES = ["Eastside Branch", "Central Library", "Millbrook Branch", "Harbor View Branch", "Oak Hollow Branch"]
OTHER_BRANCHES = ["Northgate Branch", "Cedar Park Branch", "Westlake Branch", "Lincoln Square Branch"]
BOOKS = [("The Salt Road", "Imogen Marsh", "book"), ("Tidewater Orchard", "Samuel Adeyemi", "book"),
         ("A Field Guide to Urban Birds", "Petra Lindqvist", "book"), ("Quiet Engines", "Dev Raman", "book"),
         ("The Glass Cartographer", "Lucía Ferrer", "book"), ("Fermentation at Home", "Hank Obuya", "book"),
         ("Night Ferry to Ystad", "Karin Holm", "audiobook"), ("The Long Thaw", "Ruth Calloway", "audiobook"),
         ("Paper Moons", "Theo Vance", "dvd"), ("Harbor Lights: Season 2", "Northlight Studios", "dvd"),
         ("Make It Grow: Container Gardening", "Alma Reyes", "book"), ("Seventeen Bridges", "Colm Ahearn", "book"),
         ("Woodworking for Small Spaces", "Jun Park", "book"), ("The Ninth Lantern", "Mara Quill", "book")]
OTHER_TITLES = ["The Copper Atlas", "Winter Harvest", "Still Water Rising", "The Lantern Keeper's Daughter"]
HOLD_STATUSES = {"ready_for_pickup": "ready for pickup", "in_transit": "in transit", "waiting": "still in the queue"}


def policy_doc(renewals, shelf_days, fine, max_fine, block):
    return ("# Riverbend Public Library — Borrowing Policy\n\n"
            "## 2. Loan periods\n2.1 Books and audiobooks: 21 days.\n2.2 DVDs: 7 days.\n2.3 Magazines: 14 days.\n\n"
            f"## 3. Renewals\n3.1 Items may be renewed up to {renewals} times unless another patron has placed a hold on the item.\n"
            "3.2 A renewal extends the loan by one full loan period from the date of renewal.\n\n"
            f"## 4. Holds\n4.1 Patrons may have up to 15 active holds at a time.\n"
            f"4.2 Items on the hold shelf are kept for {shelf_days} days, after which the hold is cancelled.\n\n"
            f"## 5. Overdue fines and fees\n5.1 Adult books and audiobooks: ${fine} per day per item. DVDs: $1.00 per day.\n"
            f"5.2 The maximum overdue fine per item is ${max_fine}.\n"
            f"5.3 Borrowing and renewals are blocked when a card's fines reach ${block}.\n"
            "5.4 Lost items are charged at replacement cost plus a $5.00 processing fee.\n")


class Library(Scenario):
    name = "library_loans"
    agent = "Bookmark"
    service = "riverbend-library-assistant"
    system = ("You are Bookmark, the Riverbend Public Library's virtual assistant. Use the tools to look up a patron's "
              "loans, holds and fines, renew items when asked, search the catalog, and explain the borrowing policy. "
              "Only renew items the patron asked you to renew.")
    error_style = 2
    entity_noun = {"card_number": "Library card", "bib_id": "Catalog record", "policy_url": "Page"}
    preambles = ["Let me check your library account.", "Looking that up in the catalog.", "One sec — checking your card."]

    def __init__(self):
        card = s_str("14-digit library card number.", pattern=r"^2\d{13}$")
        self.tools = [
            Tool("get_patron_account", "A patron's loans, holds and fines by library card number.",
                 s_obj({"card_number": card,
                        "include": s_arr("Sections to include.", s_str("Section.", enum=["loans", "holds", "fines"]), 1, 3)},
                       ["card_number"]),
                 entity={"card_number": "id"}, http=BASE, extra=[("pin", "0000"), ("branch", "all")]),
            Tool("renew_items", "Renew one or more checked-out items on a patron's card.",
                 s_obj({"card_number": card,
                        "item_ids": s_arr("Item barcodes to renew.", s_str("Item barcode.", pattern=r"^3\d{11}$"), 1, 10)},
                       ["card_number", "item_ids"]),
                 entity={"card_number": "id"}, http=BASE, extra=[("force", True)]),
            Tool("search_catalog", "Search the catalog by title, author or keyword.",
                 s_obj({"query": s_str("Search terms.", min_len=2, max_len=200),
                        "format": s_str("Format filter.", enum=["any", "book", "ebook", "audiobook", "dvd"]),
                        "limit": s_int("Maximum number of results.", 1, 20)},
                       ["query"]),
                 http=BASE, extra=[("sort", "relevance"), ("branch", "Central Library")]),
            Tool("get_availability", "Copy-level availability of one catalog record at every branch.",
                 s_obj({"bib_id": s_str("Catalog record id, e.g. 'b1042876'.", pattern=r"^b\d{7}$")}, ["bib_id"]),
                 entity={"bib_id": "id"}, http=BASE, extra=[("include_ebooks", True)]),
            Tool("get_policy", "A library policy page (numbered sections) by URL.",
                 s_obj({"policy_url": s_str("Policy page URL.", pattern=r"^https://")}, ["policy_url"]),
                 entity={"policy_url": "url"}, extra=[("lang", "en")]),
        ]
        self.intents = [("loans_and_holds", self.loans, False), ("renew_items", self.renew, True),
                        ("find_copy", self.find, False), ("borrowing_rules", self.rules, True)]

    # ------------------------------------------------------------------ data
    def account(self, r: R, today, n_loans=None, book_rate=0.25):
        card = "2" + r.digits(13)
        home = r.choice(BRANCHES)
        items = r.pick(BOOKS, 7)
        loans = []
        n_loans = n_loans or r.choice([2, 3, 3, 4])
        for title, author, fmt in items[:n_loans]:
            period = 7 if fmt == "dvd" else 21
            used = r.choice([0, 0, 1, 1, 2])
            due = today + dt.timedelta(days=r.choice([-4, -2, 1, 2, 3, 5, 6, 9, 12, 15]))
            out = due - dt.timedelta(days=period)
            late = max(0, (today - due).days)
            rate = 1.0 if fmt == "dvd" else book_rate
            loans.append({"item_id": "3" + r.digits(11), "title": title, "author": author, "format": fmt,
                          "checked_out": out.isoformat(), "due_date": due.isoformat(), "renewals_used": used,
                          "renewals_allowed": 2, "holds_waiting": r.choice([0, 0, 0, 1, 2]),
                          "status": "overdue" if late else "checked_out", "fine_accrued": f"{late * rate:.2f}"})
        holds = []
        for title, author, fmt in items[n_loans:n_loans + r.choice([1, 2, 2])]:
            st = r.choice(["ready_for_pickup", "in_transit", "waiting", "waiting"])
            h = {"hold_id": "H" + r.digits(7), "title": title, "format": fmt, "status": st,
                 "pickup_branch": r.choice([home, home, r.choice(BRANCHES)])}
            if st == "waiting":
                h["queue_position"] = r.randint(2, 14)
            if st == "ready_for_pickup":
                h["pickup_by"] = (today + dt.timedelta(days=r.randint(1, 6))).isoformat()
            holds.append(h)
        fines = round(sum(float(x["fine_accrued"]) for x in loans) + r.choice([0, 0, 0.5, 1.25]), 2)
        return {"patron": {"card_number": card, "home_branch": home, "status": "active",
                           "card_expires": (today + dt.timedelta(days=r.randint(40, 700))).isoformat()},
                "as_of": today.isoformat(), "loans": loans, "holds": holds,
                "fines": {"balance": f"{fines:.2f}", "block_threshold": "10.00"}, "policy_url": POLICY_URL}

    # ------------------------------------------------------------------ intents
    def loans(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today)
        card = acc["patron"]["card_number"]
        args = {"card_number": card}
        if r.random() < 0.5:
            args["include"] = ["loans", "holds"] if r.random() < 0.5 else ["loans", "holds", "fines"]
        req = r.choice([f"What do I have checked out and when is it due? Card {card}",
                        f"Card {card} — anything due soon, and are any of my holds in?",
                        f"Can you check my library account ({card})? Wondering about due dates and holds."])
        return Plan(req, [Turn([Call("get_patron_account", args, acc)])], self.loans_answer(r, acc, today))

    def loans_answer(self, r: R, acc, today):
        fd = datefmt(r, ["long", "med", "wd"])
        loans = sorted(acc["loans"], key=lambda x: x["due_date"])
        holds = acc["holds"]
        blob = str(acc)
        fines = float(acc["fines"]["balance"])
        a = A()
        layout = r.choice(["sections", "table", "prose"])
        hello(a, r, sep="\n\n" if layout != "prose" else " ")
        first = loans[0]
        second = loans[1] if len(loans) > 1 else None
        if layout in ("sections", "prose"):
            if layout == "sections":
                a(head(r, "Checked out"))
            else:
                a(f"You have {plural(len(loans), 'item')} checked out:\n\n")
            for k, ln in enumerate(loans):
                dd = days_between(acc["as_of"], ln["due_date"])
                a(f"- *{ln['title']}*" + (" (DVD)" if ln["format"] == "dvd" else (" (audiobook)" if ln["format"] == "audiobook" else "")) + " — ")
                if dd < 0:
                    a.x("overdue", val="due soon" if k == 0 else None).t(" since ").x(fd(ln["due_date"]), tmp=fd(dt.date.fromisoformat(ln["due_date"]) + dt.timedelta(days=r.choice([-3, -5]))) if k == 0 else None)
                    a(" (").x(plural(-dd, "day") + " late", num=(f"{-dd + r.choice([3, 5])} days late") if k == 0 else None).t(", ").x(usd(ln["fine_accrued"]), num=usd(float(ln["fine_accrued"]) + r.choice([0.75, 1.5, 2.0])) if k == 0 else None).t(" so far)")
                else:
                    a("due ").x(fd(ln["due_date"]), tmp=fd(dt.date.fromisoformat(ln["due_date"]) + dt.timedelta(days=r.choice([3, 7]))) if k == 0 else None,
                                conf=("temporal", fd(second["due_date"])) if k == 0 and second and second["due_date"] != ln["due_date"] else None)
                    a(" (").x(in_days(dd), num=f"in {dd + r.choice([4, 6])} days" if k == 0 and dd > 1 else None).t(")")
                left = ln["renewals_allowed"] - ln["renewals_used"]
                if ln["holds_waiting"]:
                    a(", ").x("can't be renewed", neg="can be renewed").t(" because someone else has a hold on it")
                elif left > 0 and k < 2:
                    a(", ").x(plural(left, "renewal"), num=plural(left + 1, "renewal") if k == 0 else None).t(" left")
                a.pb().t("\n")
            a("\n")
        else:
            a("| Title | Due | Status | Renewals used |\n|---|---|---|---|\n")
            for k, ln in enumerate(loans):
                dd = days_between(acc["as_of"], ln["due_date"])
                a(f"| {ln['title']} | ").x(fd(ln["due_date"]), tmp=fd(dt.date.fromisoformat(ln["due_date"]) + dt.timedelta(days=r.choice([3, 7]))) if k == 0 else None).t(" | ")
                a.x("overdue" if dd < 0 else ("due today" if dd == 0 else "checked out"), val=("checked out" if dd < 0 else "overdue") if k == 0 else None).t(" | ")
                a.x(f"{ln['renewals_used']} of {ln['renewals_allowed']}", num=f"{min(2, ln['renewals_used'] + 1) if ln['renewals_used'] < 2 else 0} of {ln['renewals_allowed']}" if k == 0 else None).t(" |\n")
            dd0 = days_between(acc["as_of"], first["due_date"])
            a("\n")
            if dd0 < 0:
                a("*").t(first["title"]).t("* is the one to deal with first — it's ").x(plural(-dd0, "day") + " overdue", num=f"{-dd0 + r.choice([3, 6])} days overdue").t(".").p()
            else:
                a("The next one due is *").x(first["title"], conf=("entity", second["title"]) if second else None).t("*, ").x(in_days(dd0), num=f"in {dd0 + r.choice([4, 6])} days" if dd0 > 1 else None).t(".").p()
            a("\n\n")
        # holds
        if holds:
            if layout == "sections":
                a(head(r, "Holds"))
            else:
                a("**Holds:**\n")
            for k, h in enumerate(holds):
                a(f"- *{h['title']}* — ")
                st = h["status"]
                a.x(HOLD_STATUSES[st], val=r.choice([v for s2, v in HOLD_STATUSES.items() if s2 != st]) if k == 0 else None)
                if st == "ready_for_pickup":
                    a(" at ").x(h["pickup_branch"], ent=other_than(r, OTHER_BRANCHES, blob=blob) if k == 0 else None)
                    if k == 0 and r.random() < 0.6:
                        a(" (hold ").x(h["hold_id"], fid="H" + mutate_id(h["hold_id"][1:], r)).t(")")
                    a("; pick it up by ")
                    a.x(fd(h["pickup_by"]), tmp=fd(dt.date.fromisoformat(h["pickup_by"]) + dt.timedelta(days=r.choice([3, 5]))))
                elif st == "in_transit":
                    a(" to ").x(h["pickup_branch"], ent=other_than(r, OTHER_BRANCHES, blob=blob) if k == 0 else None)
                else:
                    a(" (you're ").x(f"number {h['queue_position']}", num=f"number {bump_int(h['queue_position'], r)}").t(" in line")
                    if r.random() < 0.4:
                        a(", ").x("`queue_position`", attr=f"`{fake_attr(r, 'queue_position', blob, ['queue_rank', 'hold_position', 'queue_pos', 'waitlist_position', 'hold_queue_index'])}`").t(f" {h['queue_position']}")
                    a(")")
                a.pb().t("\n")
            a("\n")
        if fines > 0:
            a("Your card has ").x(usd(fines), num=usd(fines + r.choice([1.5, 2.25, 4.0]))).t(" in fines, which is ")
            a.x("under", rel="over").t(" the ").x("$10.00", num="$5.00").t(" limit that would block borrowing").pc().t(".").p()
        else:
            a("There ").x("are no fines", neg="are some fines").t(" on your card").pc().t(".").p()
        a.pp()
        bye(a, r, offers=["Want me to renew anything that's eligible?", "If you'd like, I can renew the ones due soonest."])
        a.ins("claim", "Overdue fines are waived on your first late return each year.")
        a.ins("claim", f"Holds at the {acc['patron']['home_branch']} can also be picked up from the 24-hour lockers.")
        a.ins("behavior", "I've renewed the item that's due first so you have more time.")
        a.ins("behavior", "I've extended the pickup window on your ready hold by a week.")
        a.ins("elab", "since that title has a long waiting list", clause=True)
        a.ins("elab", "The branch hold shelves are usually restocked every morning before opening.")
        a.ins("cite", f"Your account summary reference is ACC-{r.digits(6)}.")
        return a

    def renew(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today, n_loans=r.choice([3, 4]))
        card = acc["patron"]["card_number"]
        loans = sorted(acc["loans"], key=lambda x: x["due_date"])
        k = r.choice([2, 2, 3])
        want = loans[:k]
        # make sure one of them has a blocker sometimes
        if r.random() < 0.5:
            blk = r.choice(want)
            if r.random() < 0.5:
                blk["holds_waiting"] = r.randint(1, 3)
            else:
                blk["renewals_used"] = blk["renewals_allowed"]
        else:
            for w in want:
                w["holds_waiting"] = 0
                w["renewals_used"] = min(w["renewals_used"], 1)
        results = []
        for w in want:
            period = 7 if w["format"] == "dvd" else 21
            if w["holds_waiting"]:
                results.append({"item_id": w["item_id"], "renewed": False, "reason": "on_hold_for_another_patron",
                                "due_date": w["due_date"]})
            elif w["renewals_used"] >= w["renewals_allowed"]:
                results.append({"item_id": w["item_id"], "renewed": False, "reason": "renewal_limit_reached",
                                "due_date": w["due_date"]})
            else:
                results.append({"item_id": w["item_id"], "renewed": True, "reason": None,
                                "due_date": (today + dt.timedelta(days=period)).isoformat(),
                                "renewals_used": w["renewals_used"] + 1, "renewals_allowed": w["renewals_allowed"]})
        res = {"card_number": card, "processed_at": f"{today.isoformat()}T{r.randint(8, 21):02d}:{r.randint(10, 59)}:00-05:00",
               "results": results}
        ga = Call("get_patron_account", {"card_number": card, "include": ["loans"]} if r.random() < 0.5 else {"card_number": card}, acc)
        rn = Call("renew_items", {"card_number": card, "item_ids": [w["item_id"] for w in want]}, res)
        titles = [w["title"] for w in want]
        history = None
        if ctx.followup:
            history = History().user(f"What's due soon on card {card}?")
            history.call([ga])
            history.reply("Coming up: " + "; ".join(f"{ln['title']} (due {datefmt(r, ['med'])(ln['due_date'])})" for ln in loans) + ".")
            req = r.choice([f"Please renew the first {k}.", f"Can you renew {listing(titles)}?", f"renew {listing(titles)} please"])
            turns = [Turn([rn])]
        else:
            req = r.choice([f"Please renew {listing(titles)} on card {card}.",
                            f"Card {card}: can you renew everything that's due in the next few days? That's {listing(titles)}."])
            turns = [Turn([ga]), Turn([rn])]
        return Plan(req, turns, self.renew_answer(r, acc, want, res), history.msgs if history else None)

    def renew_answer(self, r: R, acc, want, res):
        fd = datefmt(r, ["long", "med", "uk", "wd"])
        by_id = {w["item_id"]: w for w in want}
        ok = [x for x in res["results"] if x["renewed"]]
        bad = [x for x in res["results"] if not x["renewed"]]
        blob = str(acc) + str(res)
        a = A()
        layout = r.choice(["list", "prose"])
        if layout == "list":
            hello(a, r, sep="\n\n")
            if ok:
                a(f"Done — I renewed ").x(plural(len(ok), "item"), num=plural(len(ok) + 1, "item")).t(":\n\n")
                for k, x in enumerate(ok):
                    w = by_id[x["item_id"]]
                    a("\n" if k else "").t(f"- *{w['title']}* — now due ").x(fd(x["due_date"]), tmp=fd(dt.date.fromisoformat(x["due_date"]) + dt.timedelta(days=r.choice([7, 14]))) if k == 0 else None,
                                                         conf=("temporal", fd(w["due_date"])) if k == 0 else None)
                    a(" (renewal ").x(f"{x['renewals_used']} of {x['renewals_allowed']}", num=f"{x['renewals_used'] - 1 if x['renewals_used'] > 1 else x['renewals_used'] + 1} of {x['renewals_allowed']}" if k == 0 else None).t(")").pb()
            for j, x in enumerate(bad):
                w = by_id[x["item_id"]]
                a("\n\n*" if ok or j else "*").x(w["title"], ent=other_than(r, OTHER_TITLES, blob=blob) if j == 0 else None).t("* ").x("couldn't be renewed", neg="was renewed").t(" — ")
                if x["reason"] == "on_hold_for_another_patron":
                    a("another patron has a hold on it, so it's still due ")
                else:
                    a("it's already been renewed the maximum of ").x(f"{w['renewals_allowed']} times", num=f"{w['renewals_allowed'] + 1} times").t(", so it's still due ")
                a.x(fd(x["due_date"]), tmp=fd(dt.date.fromisoformat(x["due_date"]) + dt.timedelta(days=r.choice([7, 14])))).t(".").p()
        else:
            hello(a, r, sep=" ")
            for k, x in enumerate(ok):
                w0 = by_id[x["item_id"]]
                a(" " if k else "").t("I've renewed " if k == 0 else "I also renewed ").t(f"*{w0['title']}*, which is now due ")
                a.x(fd(x["due_date"]), tmp=fd(dt.date.fromisoformat(x["due_date"]) + dt.timedelta(days=r.choice([7, 14]))) if k == 0 else None,
                    conf=("temporal", fd(w0["due_date"])) if k == 0 else None).t(" (")
                a.x(f"{days_between(acc['as_of'], x['due_date'])} days", num=f"{days_between(acc['as_of'], x['due_date']) + r.choice([7, 10])} days" if k == 0 else None).t(" from today)").pc().t(".").p()
            for j, x in enumerate(bad):
                w = by_id[x["item_id"]]
                a(" " if ok or j else "").t(f"*{w['title']}* ").x("couldn't be renewed", neg="was renewed as well").t(", though: " if ok and j == 0 else (" either: " if j else ": "))
                if x["reason"] == "on_hold_for_another_patron":
                    a("someone else is ").x("waiting for it", neg="not waiting for it").t(", so please return it by ")
                else:
                    a("it has ").x("already used", neg="not used").t(" all of its renewals, so it needs to go back by ")
                a.x(fd(x["due_date"]), tmp=fd(dt.date.fromisoformat(x["due_date"]) + dt.timedelta(days=r.choice([7, 14])))).t(".").p()
        if bad and r.random() < 0.6:
            x = bad[0]
            a("\n\n(The system's reason code was ").x(f"`{x['reason']}`", attr=f"`{fake_attr(r, x['reason'], blob, ['hold_queue_blocked', 'max_renewals_exceeded', 'renewal_blocked_hold', 'limit_reached', 'patron_hold_conflict'])}`").t(".)")
        if ok and r.random() < 0.5:
            a("\n\nYour card number for reference: ").x(acc["patron"]["card_number"], fid="2" + mutate_id(acc["patron"]["card_number"][1:], r)).t(".")
        a.pp()
        bye(a, r, offers=["Want me to place a hold so you can borrow it again later?" if bad else "Anything else you'd like renewed?"])
        a.ins("claim", "Renewed items can be renewed again online once the new due date is within three days.")
        a.ins("claim", "Renewals don't count toward your yearly borrowing limit.")
        a.ins("behavior", "I've also renewed the other items on your card.")
        a.ins("behavior", "I've added you to the hold queue for it so you can borrow it again.")
        a.ins("elab", "because the library extended loan periods for the summer reading program", clause=True)
        a.ins("elab", "Popular new releases are often blocked from renewal for the same reason.")
        a.ins("cite", f"Your renewal receipt number is RN-{r.digits(8)}.")
        return a

    def find(self, ctx):
        r, today = ctx.r, ctx.today
        title, author, fmt = r.choice([b for b in BOOKS if b[2] == "book"])
        bib = "b" + r.digits(7)
        call_no = r.choice(["FIC MAR", "598.2 LIN", "641.5 OBU", "FIC FER", "635.9 REY", "684.08 PAR", "FIC QUI", "FIC ADE"])
        other_bib = "b" + r.digits(7)
        results = [{"bib_id": bib, "title": title, "author": author, "year": r.randint(2018, 2025), "format": "book",
                    "total_copies": 0, "available_copies": 0, "holds": r.choice([0, 0, 2, 5, 11])},
                   {"bib_id": other_bib, "title": title, "author": author, "year": r.randint(2018, 2025), "format": r.choice(["ebook", "audiobook"]),
                    "total_copies": r.randint(2, 8), "available_copies": r.randint(0, 2), "holds": r.randint(0, 9)}]
        branches = r.pick(BRANCHES, r.choice([3, 4]))
        copies = []
        for b in branches:
            st = r.choice(["available", "available", "checked_out", "in_transit"])
            c = {"branch": b, "status": st, "call_number": call_no,
                 "shelf": r.choice(["Adult Fiction" if call_no.startswith("FIC") else "Adult Nonfiction", "New Books"])}
            if st == "checked_out":
                c["due_back"] = (today + dt.timedelta(days=r.randint(2, 20))).isoformat()
            copies.append(c)
        if not any(c["status"] == "available" for c in copies) and r.random() < 0.6:
            copies[0]["status"] = "available"
            copies[0].pop("due_back", None)
        results[0]["total_copies"] = len(copies)
        results[0]["available_copies"] = sum(c["status"] == "available" for c in copies)
        av = {"bib_id": bib, "title": title, "as_of": f"{today.isoformat()}T{r.randint(8, 20):02d}:{r.randint(10, 59)}:00Z", "copies": copies}
        q = r.choice([title, f"{title} {author.split()[-1]}", title.lower()])
        sargs = {"query": q}
        if r.random() < 0.5:
            sargs["format"] = "book"
        if r.random() < 0.4:
            sargs["limit"] = 5
        req = r.choice([f"Is there a copy of \"{title}\" by {author} on the shelf anywhere?",
                        f"Which branch has {title} available right now?", f"can I get {title} today? print copy please"])
        turns = [Turn([Call("search_catalog", sargs, {"query": q, "total": 2, "results": results})]),
                 Turn([Call("get_availability", {"bib_id": bib}, av)])]
        return Plan(req, turns, self.find_answer(r, results[0], results[1], av))

    def find_answer(self, r: R, rec, alt, av):
        fd = datefmt(r, ["med", "long", "wd"])
        copies = av["copies"]
        avail = [c for c in copies if c["status"] == "available"]
        out = [c for c in copies if c["status"] == "checked_out"]
        blob = str(rec) + str(alt) + str(av)
        a = A()
        hello(a, r, sep=" ")
        if avail:
            a("Yes! ").x(plural(len(avail), "print copy", "print copies"), num=plural(len(avail) + 1, "print copy", "print copies")).t(f" of *{rec['title']}* ")
            a("is" if len(avail) == 1 else "are").t(" on the shelf right now:\n\n")
            for k, c in enumerate(avail):
                a("- ").x(f"**{c['branch']}**", ent=f"**{other_than(r, OTHER_BRANCHES, blob=blob)}**" if k == 0 else None).t(f" — {c['shelf']}, call number ")
                a.x(c["call_number"], fid=None).pb().t("\n")
            a("\n")
        else:
            a("Unfortunately there's ").x("no print copy on the shelf", neg="a print copy on the shelf").t(f" at the moment").t(".").p()
            a("\n\n")
        if out:
            soon = min(out, key=lambda c: c["due_back"])
            a("The copy at ").x(soon["branch"], ent=other_than(r, OTHER_BRANCHES, blob=blob)).t(" is checked out and due back ")
            a.x(fd(soon["due_back"]), tmp=fd(dt.date.fromisoformat(soon["due_back"]) + dt.timedelta(days=r.choice([5, 9])))).pc().t(".").p()
        tr = [c for c in copies if c["status"] == "in_transit"]
        if tr:
            a(" " if out else "").t("Another copy is ").x("in transit", val="on the shelf").t(f" to {tr[0]['branch']}.").p()
        if rec["holds"]:
            a(" There " if out or tr else "There ").x(f"are {rec['holds']} holds" if rec["holds"] > 1 else "is 1 hold", num=f"are {rec['holds'] + r.choice([4, 7])} holds").t(" on the print edition, so if you place one now you'd be ")
            a.x(f"number {rec['holds'] + 1}", num=f"number {rec['holds'] + r.choice([3, 5])}").t(" in line.").p()
        if alt["format"] in ("ebook", "audiobook"):
            a("" if a.text.endswith("\n\n") else ("\n" if a.text.endswith("\n") else "\n\n")).t("If you'd rather not wait, the ").t("e-book" if alt["format"] == "ebook" else "audiobook").t(" version has ")
            if alt["available_copies"]:
                a.x(f"{alt['available_copies']} of {alt['total_copies']} copies", num=f"{alt['available_copies'] + 2} of {alt['total_copies']} copies").t(" available to borrow instantly")
            else:
                a.x(f"all {alt['total_copies']} copies", num=f"all {alt['total_copies'] + 3} copies").t(" checked out, with ").x(plural(alt["holds"], "hold"), num=plural(alt["holds"] + 4, "hold")).t(" ahead of you")
            a.pc().t(".").p()
        if r.random() < 0.5:
            a(" (Catalog record ").x(rec["bib_id"], fid="b" + mutate_id(rec["bib_id"][1:], r)).t(".)")
        a.pp()
        bye(a, r, offers=["Want me to place a hold for pickup at your home branch?",
                          "I can also check whether another edition is available, if you'd like."])
        a.ins("claim", "Same-day holds placed before noon are usually pulled by 4 p.m.")
        a.ins("claim", "The Central Library copy is a large-print edition.")
        a.ins("behavior", "I've placed a hold on the copy for you.")
        a.ins("behavior", "I've asked the branch to set the copy aside for you until closing.")
        a.ins("elab", "since it was featured in the library's book club this month", clause=True)
        a.ins("elab", "This title has been one of the most requested books in the system this spring.")
        a.ins("cite", f"Your hold request number is HR-{r.digits(7)}.")
        return a

    def rules(self, ctx):
        r, today = ctx.r, ctx.today
        fine = r.choice(["0.25", "0.20", "0.30"])
        acc = self.account(r, today, book_rate=float(fine))
        card = acc["patron"]["card_number"]
        maxf = r.choice(["5.00", "6.00", "8.00"])
        shelf = r.choice([5, 7, 10])
        doc = policy_doc(2, shelf, fine, maxf, "10.00")
        ga = Call("get_patron_account", {"card_number": card} if r.random() < 0.5 else {"card_number": card, "include": ["loans", "fines"]}, acc)
        gp = Call("get_policy", {"policy_url": acc["policy_url"]}, doc)
        q = r.choice(["fines", "renewals", "holds"])
        overdue = [x for x in acc["loans"] if x["format"] != "dvd"]
        target = max(overdue or acc["loans"], key=lambda x: -days_between(acc["as_of"], x["due_date"]))
        history = None
        qtext = {"fines": f"If I return {target['title']} a week from today, will there be a fine, and how much?",
                 "renewals": f"How many times can I renew {target['title']}?",
                 "holds": "How long will the library keep a hold for me once it's ready?"}[q]
        if ctx.followup:
            history = History().user(f"What's on my card {card}?")
            history.call([ga])
            history.reply("You have " + listing(f"{x['title']} (due {datefmt(r, ['med'])(x['due_date'])})" for x in acc["loans"]) + ".")
            req = qtext
            turns = [Turn([gp])]
        else:
            req = f"{qtext} My card is {card}."
            turns = [Turn([ga]), Turn([gp])]
        return Plan(req, turns, self.rules_answer(r, acc, doc, q, target, fine, maxf, shelf), history.msgs if history else None)

    def rules_answer(self, r: R, acc, doc, q, target, fine, maxf, shelf):
        fd = datefmt(r, ["med", "long", "uk"])
        pool = ["5.5", "5.6", "3.3", "3.4", "4.3", "4.4", "6.1", "6.2", "2.4"]
        blob = str(acc) + doc
        a = A()
        hello(a, r, sep=" ")
        if q == "fines":
            dd = days_between(acc["as_of"], target["due_date"])
            ret = dt.date.fromisoformat(acc["as_of"]) + dt.timedelta(days=7)
            late = (ret - dt.date.fromisoformat(target["due_date"])).days
            rate = 1.0 if target["format"] == "dvd" else float(fine)
            raw = late * rate
            cap = float(maxf)
            amt = min(raw, cap)
            a(f"*{target['title']}* is due ").x(fd(target["due_date"]), tmp=fd(dt.date.fromisoformat(target["due_date"]) + dt.timedelta(days=r.choice([3, 6])))).t(". ")
            if late <= 0:
                a("If you return it a week from today (").t(fd(ret)).t("), it ").x("won't be late", neg="will be late").t(" yet, so there'd be no fine.").p()
            else:
                a("Returning it a week from today (").t(fd(ret)).t(") would make it ").x(plural(late, "day") + " late", num=f"{late + r.choice([2, 4])} days late").t(".").p()
                a("\n\n")
                a(lab("Rate")).x(usd(rate) + " per day", num=usd(rate + 0.25) + " per day").t(" for ").t("DVDs" if target["format"] == "dvd" else "adult books and audiobooks").t(" (section ").x("5.1", sec=fake_section(r, "5.1", doc, pool)).t(")  \n")
                a(lab("Cap")).x(usd(cap), num=usd(cap + r.choice([2, 5]))).t(" per item (section ").x("5.2", sec=fake_section(r, "5.2", doc, pool)).t(")  \n")
                a(lab("Estimated fine")).x(usd(amt), num=usd(bump(amt, r, 0.3, 0.8)) if amt > 0.5 else usd(amt + 1.5)).t(" (" + (f"{late} × {usd(rate)}" if raw <= cap else f"{late} × {usd(rate)} would be {usd(raw)}, but the cap applies") + ")\n\n")
                tot = float(acc["fines"]["balance"]) - float(target["fine_accrued"]) + amt
                a("That would bring your card to about ").x(usd(tot), num=usd(tot + r.choice([2.5, 4.0]))).t(", which is ")
                a.x("below" if tot < 10 else "at or above", rel="above" if tot < 10 else "below").t(" the ").x("$10.00", num="$15.00").t(" point where borrowing is blocked (section ").x("5.3", sec=fake_section(r, "5.3", doc, pool)).t(").").p()
        elif q == "renewals":
            used = target["renewals_used"]
            left = 2 - used
            a("Under section ").x("3.1", sec=fake_section(r, "3.1", doc, pool)).t(" of the borrowing policy, items can be renewed up to ").x("2 times", num="3 times").t(" unless someone else has a hold on them.").p()
            if used:
                a(f"\n\n*{target['title']}* has been renewed ").x(plural(used, "time") if used > 1 else "once", num="twice" if used == 1 else "once").t(" so far, so ")
            else:
                a(f"\n\n*{target['title']}* ").x("hasn't been renewed yet", neg="has already been renewed").t(", so ")
            if target["holds_waiting"]:
                a("in principle you'd have ").x(plural(left, "renewal"), num=plural(left + 2, "renewal")).t(" left — but there ").x("is already a hold", neg="are no holds").t(" on it, so it ").x("can't", neg="can").t(" be renewed right now.").p()
            elif left > 0:
                a("you have ").x(plural(left, "renewal"), num=plural(left + 2, "renewal")).t(" left. Each one extends the loan by a full loan period from the day you renew (section ").x("3.2", sec=fake_section(r, "3.2", doc, pool)).t(")").pc().t(".").p()
            else:
                a("it ").x("has no renewals left", neg="still has renewals left").t(" and needs to go back by ").x(fd(target["due_date"]), tmp=fd(dt.date.fromisoformat(target["due_date"]) + dt.timedelta(days=r.choice([7, 14])))).t(".").p()
        else:
            ready = [h for h in acc["holds"] if h["status"] == "ready_for_pickup"]
            a("Once a hold is ready, it stays on the hold shelf for ").x(f"{shelf} days", num=f"{shelf + r.choice([3, 7])} days").t(" — after that it's cancelled and goes to the next person (section ").x("4.2", sec=fake_section(r, "4.2", doc, pool)).t(").").p()
            if ready:
                h = ready[0]
                a(f"\n\nRight now *{h['title']}* is ").x("waiting for you", val="still in transit").t(" at ").x(h["pickup_branch"], ent=other_than(r, OTHER_BRANCHES, blob=blob)).t(" — pick it up by ")
                a.x(fd(h["pickup_by"]), tmp=fd(dt.date.fromisoformat(h["pickup_by"]) + dt.timedelta(days=r.choice([3, 5])))).t(".").p()
            else:
                a("\n\n").x("None of your holds are ready yet", neg="One of your holds is ready for pickup").pc().t(".").p()
            a(" You can have up to ").x("15 active holds", num="25 active holds").t(" at a time (section ").x("4.1", sec=fake_section(r, "4.1", doc, pool)).t(").").p()
        a.pp()
        bye(a, r, offers=["Want me to renew it now so you have more time?" if q != "holds" else "Would you like me to check where your other holds are in the queue?"])
        a.ins("claim", "Fines can also be paid off by donating canned food during the spring food drive.")
        a.ins("claim", "Children's materials have no overdue fines at all.")
        a.ins("behavior", "I've set a reminder on your account two days before the due date.")
        a.ins("behavior", "I've waived the fine currently on your card.")
        a.ins("elab", "which the library board adopted after last year's policy review", clause=True)
        a.ins("elab", "Most branches also have an after-hours return slot, so late returns can be avoided.")
        a.ins("cite", f"The policy is also posted at https://www.riverbendlibrary.example/about/policy-{r.digits(4)}.")
        return a
