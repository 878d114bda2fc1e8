"""saas_billing (set b): seat-based subscriptions, invoices with proration, unpaid invoices, plan-change previews."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, closer, d_full, d_long, d_med,
                     d_short, money, mutate_id, nword, opener, other_than, pct, plural, s_int, s_obj, s_str)

BASE = "https://api.ledgerly.example/v1"
PLANS = {"starter": 12.0, "team": 24.0, "business": 39.0}
COMPANIES = ["Brightwave Labs", "Northwind Analytics", "Kestrel Health", "Orbit Freight", "Tidepool Studio"]
CURS = ["USD", "USD", "EUR", "GBP"]


class SaasBilling(Scenario):
    name = "saas_billing"
    agent = "Billie"
    service = "ledgerly-billing-copilot"
    system = ("You are Billie, the billing assistant inside the Ledgerly admin console. The signed-in user is a workspace "
              "admin. Use the billing tools to explain subscriptions, invoices and plan changes. Amounts are in the "
              "customer's billing currency. Only preview plan changes; never apply them without confirmation.")
    error_style = 1
    entity_noun = {"customer_id": "Customer", "subscription_id": "Subscription", "invoice_id": "Invoice"}
    preambles = ["Let me check your billing details.", "Pulling up your subscription.", "One moment — checking invoices."]

    def __init__(self):
        sub = s_str("Subscription id, e.g. 'sub_1PqR8sT2uV3wX4'.", pattern=r"^sub_[A-Za-z0-9]{14}$")
        self.tools = [
            Tool("get_workspace_billing", "Billing overview of the signed-in workspace: customer id, subscriptions, payment method.",
                 s_obj({}), http=BASE, extra=[("expand", "subscriptions")]),
            Tool("get_subscription", "One subscription: plan, seats, unit price, add-ons, discount and renewal date.",
                 s_obj({"subscription_id": sub}, ["subscription_id"]), entity={"subscription_id": "id"}, http=BASE,
                 extra=[("expand", "items")]),
            Tool("list_invoices", "Invoices of a customer, newest first.",
                 s_obj({"customer_id": s_str("Customer id, e.g. 'cus_Q2w3E4r5T6y7'.", pattern=r"^cus_[A-Za-z0-9]{12}$"),
                        "status": s_str("Invoice status filter.", enum=["draft", "open", "paid", "past_due", "void", "all"]),
                        "limit": s_int("Maximum invoices to return.", 1, 50)}, ["customer_id"]),
                 entity={"customer_id": "id"}, http=BASE, extra=[("expand", "lines"), ("currency", "usd")]),
            Tool("preview_plan_change", "Preview the prorated cost of changing a subscription's plan or seat count.",
                 s_obj({"subscription_id": sub, "plan": s_str("Target plan.", enum=list(PLANS)),
                        "seats": s_int("Target seat count.", 1, 500)}, ["subscription_id", "plan", "seats"]),
                 entity={"subscription_id": "id"}, http=BASE, extra=[("apply", True)]),
        ]
        self.intents = [("renewal_cost", self.renewal, True), ("unpaid_invoices", self.unpaid, False),
                        ("plan_change", self.plan_change, True)]

    def workspace(self, r: R, today):
        cur = r.choice(CURS)
        plan = r.choice(["team", "team", "business", "starter"])
        seats = r.randint(8, 140)
        interval = r.choice(["month", "year"])
        start = today - dt.timedelta(days=r.randint(20, 300))
        if interval == "month":
            end = today + dt.timedelta(days=r.randint(3, 27))
        else:
            end = start.replace(year=start.year + 1)
        unit = PLANS[plan] * (10 if interval == "year" else 1)
        addons = r.sample([{"name": "SSO & SCIM", "amount": 150.0 * (10 if interval == "year" else 1)},
                           {"name": "Audit log retention (1 yr)", "amount": 90.0 * (10 if interval == "year" else 1)},
                           {"name": "Priority support", "amount": 250.0 * (10 if interval == "year" else 1)}], r.randint(0, 2))
        disc = r.choice([None, None, 10, 15, 20])
        sid = "sub_" + r.alnum(14)
        cid = "cus_" + r.alnum(12)
        sub = {"subscription_id": sid, "customer_id": cid, "status": "active", "plan": plan, "billing_interval": interval,
               "seats": {"purchased": seats, "assigned": seats - r.randint(0, min(6, seats - 1))}, "unit_amount": unit,
               "currency": cur, "add_ons": addons, "discount": {"percent_off": disc, "coupon": f"PARTNER{disc}"} if disc else None,
               "current_period_start": start.isoformat() if interval == "year" else (end - dt.timedelta(days=30)).isoformat(),
               "current_period_end": end.isoformat(), "cancel_at_period_end": False, "collection_method": "charge_automatically"}
        ws = {"workspace": r.choice(COMPANIES), "customer_id": cid, "billing_email": "billing@" + r.choice(["brightwave.io", "northwind.dev", "kestrel.health"]),
              "subscriptions": [{"subscription_id": sid, "plan": plan, "status": "active"}],
              "payment_method": {"type": "card", "brand": r.choice(["visa", "mastercard", "amex"]), "last4": r.digits(4), "exp": f"{r.randint(1, 12):02d}/{r.randint(27, 30)}"}}
        return ws, sub

    # ------------------------------------------------------------------ intents
    def renewal(self, ctx):
        r, today = ctx.r, ctx.today
        ws, sub = self.workspace(r, today)
        cur = sub["currency"]
        seats = sub["seats"]["purchased"]
        base = round(sub["unit_amount"] * seats, 2)
        adds = round(sum(x["amount"] for x in sub["add_ons"]), 2)
        disc = sub["discount"]["percent_off"] if sub["discount"] else 0
        sub_total = base + adds
        off = round(sub_total * disc / 100, 2)
        total = round(sub_total - off, 2)
        gw = Call("get_workspace_billing", {}, ws)
        gs = Call("get_subscription", {"subscription_id": sub["subscription_id"]}, sub)
        history = None
        if ctx.followup:
            history = History().user("What plan are we on?")
            history.call([gw])
            history.reply(f"{ws['workspace']} is on the {sub['plan'].title()} plan (subscription {sub['subscription_id']}).")
            req = r.choice(["How much will the next renewal be, and when?", "What will we be charged at renewal?"])
            turns = [Turn([gs])]
        else:
            req = r.choice(["How much is our next Ledgerly bill going to be?", "When does our subscription renew and for how much?",
                            "what's our renewal cost?"])
            turns = [Turn([gw]), Turn([gs])]
        end = sub["current_period_end"]
        per = "month" if sub["billing_interval"] == "month" else "year"
        unused = seats - sub["seats"]["assigned"]
        a = A()
        opener(a, r, p=0.4)
        style = r.choice(["breakdown", "prose"])
        shiftd = lambda s: dt.date.fromisoformat(s) + dt.timedelta(days=r.choice([-5, 3, 7, 30]))
        if style == "breakdown":
            a("Your **").x(sub["plan"].title(), val=other_than(r, ["Starter", "Team", "Business", "Enterprise"], sub["plan"].title())).t("** subscription renews on ").x(d_long(end), tmp=d_long(shiftd(end))).t(f" (billed {'monthly' if per == 'month' else 'annually'}):\n\n")
            a("- ").x(f"{seats} seats", num=f"{bump_int(seats, r, (5, 10, 20))} seats").t(" × ").x(money(sub["unit_amount"], cur), num=money(sub["unit_amount"] + 4, cur)).t(" = ").x(money(base, cur), num=money(bump(base, r), cur)).pb()
            for x in sub["add_ons"]:
                a("\n- ").t(x["name"]).t(": ").t(money(x["amount"], cur)).pb()
            if disc:
                a("\n- ").x(f"{disc}% partner discount", num=f"{disc + 10}% partner discount").t(": −").x(money(off, cur), num=money(bump(off, r), cur)).pb()
            a("\n\n**Total:** ").x(money(total, cur), num=money(bump(total, r), cur), conf=("numerical", money(base, cur)) if (adds or disc) else None).t(" plus any applicable tax, charged to the ").t(ws["payment_method"]["brand"].title()).t(" ending ").x(ws["payment_method"]["last4"], fid=mutate_id(ws["payment_method"]["last4"], r)).t(".").pp()
            if unused:
                a("\n\nHeads-up: only ").x(str(sub["seats"]["assigned"]), num=str(sub["seats"]["assigned"] - 4)).t(" of your ").t(str(seats)).t(" seats are assigned, so ")
                a.x(plural(unused, "seat"), num=plural(unused + 5, "seat")).t(" ").x("is" if unused == 1 else "are", neg="isn't" if unused == 1 else "aren't").t(" currently unused.").pp()
            closer(a, r, sep="\n\n", extra=["Want me to preview what removing the unused seats would save?"])
        else:
            a("Your ").t(sub["plan"].title()).t(" subscription renews ").x(d_med(end), tmp=d_med(shiftd(end))).t(" for ").x(money(total, cur), num=money(bump(total, r), cur)).t(" before tax")
            a(" — ").x(f"{seats} seats", num=f"{seats + 10} seats").t(" at ").t(money(sub["unit_amount"], cur)).t(f" per seat per {per}")
            if sub["add_ons"]:
                a(", plus ").x(plural(len(sub["add_ons"]), "add-on"), num=plural(len(sub["add_ons"]) + 1, "add-on")).t(" (").t(", ".join(x["name"] for x in sub["add_ons"])).t(")")
            if disc:
                a(", minus your ").x(f"{disc}%", num=f"{disc + 5}%").t(" discount")
            a(".").p()
            a(" The subscription ").x("is set to renew automatically", neg="is set to cancel at the end of the period").t(", and the ").t(ws["payment_method"]["brand"].title()).t(" on file will be charged.").p()
            if per == "year":
                mo = round(total / 12, 2)
                a(" That works out to about ").x(money(mo, cur), num=money(bump(mo, r), cur)).t(" a month, ").x("less", rel="more").t(" than the monthly plan would cost.").p()
            if r.random() < 0.4:
                a(" (Subscription ").x(sub["subscription_id"], fid="sub_" + mutate_id(sub["subscription_id"][4:], r)).t(".)").p()
            closer(a, r, extra=["Would you like a quote for switching to annual billing?"] if per == "month" else [])
        a.ins("claim", "Renewal prices are locked for another 12 months under your current contract.")
        a.ins("claim", "Tax will be 0% since you have a VAT ID on file.")
        a.ins("behavior", "I've removed the unused seats so they won't be billed at renewal.")
        a.ins("behavior", "I've emailed a renewal quote to your billing contact.")
        a.ins("elab", "which reflects the price increase announced last quarter", clause=True)
        a.ins("elab", "Most teams your size move to the Business plan at their second renewal.")
        a.ins("cite", f"Your renewal quote is Q-{today.year}-{r.digits(5)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def unpaid(self, ctx):
        r, today = ctx.r, ctx.today
        ws, sub = self.workspace(r, today)
        cur = sub["currency"]
        invs = []
        n = r.randint(4, 6)
        for k in range(n):
            d = today - dt.timedelta(days=30 * k + r.randint(1, 6))
            st = "open" if k == 0 else ("past_due" if k == 1 and r.random() < 0.7 else "paid")
            amt = round(r.uniform(400, 4200), 2)
            invs.append({"invoice_id": "in_" + r.alnum(14), "number": f"LDG-{d.year}-{r.digits(5)}", "status": st,
                         "amount_due": amt, "amount_paid": amt if st == "paid" else 0.0, "currency": cur,
                         "created": d.isoformat(), "due_date": (d + dt.timedelta(days=14)).isoformat(),
                         "hosted_invoice_url": f"https://pay.ledgerly.example/i/{r.alnum(20)}"})
        if not any(i["status"] == "past_due" for i in invs):
            invs[1]["status"] = "past_due"
            invs[1]["amount_paid"] = 0.0
        res = {"customer_id": ws["customer_id"], "invoices": invs, "has_more": False}
        lw = Call("get_workspace_billing", {}, ws)
        li = Call("list_invoices", {"customer_id": ws["customer_id"], "status": "all", "limit": 10} if r.random() < 0.5 else {"customer_id": ws["customer_id"]}, res)
        req = r.choice(["Do we have any unpaid invoices?", "Are we behind on any Ledgerly payments?", "what do we owe right now?"])
        unpaid = [i for i in invs if i["status"] in ("open", "past_due")]
        pdue = [i for i in invs if i["status"] == "past_due"][0]
        opn = [i for i in invs if i["status"] == "open"][0]
        tot = round(sum(i["amount_due"] for i in unpaid), 2)
        late = (today - dt.date.fromisoformat(pdue["due_date"])).days
        a = A()
        opener(a, r, p=0.3)
        a("You have ").x(nword(len(unpaid)), num=nword(len(unpaid) + 1)).t(" unpaid invoices totaling ").x(money(tot, cur), num=money(bump(tot, r), cur)).t(":\n\n")
        a("- **").x(pdue["number"], fid=f"LDG-{pdue['number'][4:8]}-{mutate_id(pdue['number'][9:], r)}").t("** — ").x(money(pdue["amount_due"], cur), num=money(bump(pdue["amount_due"], r), cur), conf=("numerical", money(opn["amount_due"], cur)))
        a(", ").x("past due", val="paid").t(" since ").x(d_med(pdue["due_date"]), tmp=d_med(dt.date.fromisoformat(pdue["due_date"]) + dt.timedelta(days=12))).t(" (").x(plural(late, "day"), num=plural(late + 14, "day")).t(" overdue)").pb()
        a("\n- **").t(opn["number"]).t("** — ").x(money(opn["amount_due"], cur), num=money(bump(opn["amount_due"], r), cur)).t(", ").x("open", val="past due").t(", due ").x(d_med(opn["due_date"]), tmp=d_med(dt.date.fromisoformat(opn["due_date"]) - dt.timedelta(days=9))).pb()
        a("\n\nThe overdue one is the ").x("older", rel="newer").t(" of the two")
        if r.random() < 0.5:
            a(" (its ").x("`status`", attr=r.choice(["`payment_state`", "`collection_status`"])).t(" is `past_due`)")
        a(", and it ").x("still hasn't been paid", neg="has since been paid").t(" — you can settle it from its hosted invoice link in the console.").pp()
        closer(a, r, sep="\n\n", extra=["Would you like me to check the payment method on file?"])
        a.ins("claim", "A 1.5% late fee will be added to the overdue invoice next week.")
        a.ins("claim", "Your workspace will be suspended if it isn't paid within 7 days.")
        a.ins("behavior", "I've retried the card charge on the overdue invoice.")
        a.ins("behavior", "I've sent payment reminders to your billing email.")
        a.ins("elab", "likely because the card on file expired", clause=True)
        a.ins("elab", "Card declines like this usually come from the issuing bank's fraud checks on larger amounts.")
        a.ins("cite", f"You can pay at https://pay.ledgerly.example/i/{r.alnum(20)}.")
        return Plan(req, [Turn([lw]), Turn([li])], a)

    def plan_change(self, ctx):
        r, today = ctx.r, ctx.today
        ws, sub = self.workspace(r, today)
        cur = sub["currency"]
        seats = sub["seats"]["purchased"]
        tgt_plan = r.choice([p for p in PLANS if p != sub["plan"]])
        new_seats = seats + r.choice([-5, 5, 10, 15]) if seats > 6 else seats + 5
        mult = 10 if sub["billing_interval"] == "year" else 1
        new_unit = PLANS[tgt_plan] * mult
        end = dt.date.fromisoformat(sub["current_period_end"])
        start = dt.date.fromisoformat(sub["current_period_start"])
        frac = max(1, (end - today).days) / max(1, (end - start).days)
        old_cost = sub["unit_amount"] * seats
        new_cost = new_unit * new_seats
        prorate = round((new_cost - old_cost) * frac, 2)
        prev = {"subscription_id": sub["subscription_id"], "current": {"plan": sub["plan"], "seats": seats, "recurring_amount": round(old_cost, 2)},
                "proposed": {"plan": tgt_plan, "seats": new_seats, "recurring_amount": round(new_cost, 2)},
                "proration": {"amount": prorate, "currency": cur, "period_end": end.isoformat(),
                              "description": "charged immediately" if prorate > 0 else "credited to the next invoice"},
                "effective": today.isoformat(), "currency": cur}
        gs = Call("get_subscription", {"subscription_id": sub["subscription_id"]}, sub)
        pc = Call("preview_plan_change", {"subscription_id": sub["subscription_id"], "plan": tgt_plan, "seats": new_seats}, prev)
        history = None
        verb = "upgrade" if PLANS[tgt_plan] > PLANS[sub["plan"]] else "move"
        if ctx.followup:
            history = History().user("Which subscription are we on?")
            history.call([Call("get_workspace_billing", {}, ws)])
            history.reply(f"You're on the {sub['plan'].title()} plan, subscription {sub['subscription_id']}.")
            req = f"What would it cost to {verb} to {tgt_plan.title()} with {new_seats} seats?"
            turns = [Turn([gs]), Turn([pc])]
        else:
            req = f"What would it cost to {verb} subscription {sub['subscription_id']} to {tgt_plan.title()} with {new_seats} seats?"
            turns = [Turn([gs]), Turn([pc])]
        per = "month" if sub["billing_interval"] == "month" else "year"
        diff = round(new_cost - old_cost, 2)
        a = A()
        opener(a, r, p=0.4)
        a("Moving from ").x(f"{sub['plan'].title()} ({seats} seats)", num=f"{sub['plan'].title()} ({seats + 12} seats)").t(" to ").t(tgt_plan.title()).t(" with ").t(str(new_seats)).t(" seats would change your recurring charge from ")
        a.x(money(old_cost, cur), num=money(bump(old_cost, r), cur)).t(" to ").x(money(new_cost, cur), num=money(bump(new_cost, r), cur), conf=("numerical", money(old_cost, cur))).t(f" per {per} — ")
        a.x(money(abs(diff), cur), num=money(bump(abs(diff), r), cur)).t(" ").x("more" if diff > 0 else "less", rel="less" if diff > 0 else "more").t(".").p()
        if prorate > 0:
            a(" For the rest of the current period (through ").x(d_med(end), tmp=d_med(end + dt.timedelta(days=14))).t("), you'd be ").x("charged", val="credited").t(" a prorated ")
            a.x(money(prorate, cur), num=money(bump(prorate, r), cur)).t(" right away.").p()
        else:
            a(" The unused time on your current plan would be ").x("credited", val="refunded to your card").t(" — ").x(money(abs(prorate), cur), num=money(bump(abs(prorate), r), cur)).t(" off your next invoice").pc().t(".").p()
        a(" Nothing ").x("has been changed yet", neg="has been changed").t(" — this is only a preview.").p()
        closer(a, r, p=0.8, extra=["Shall I apply it?", "Want me to go ahead with the change?"])
        a.ins("claim", "The Business plan also includes unlimited guest seats.")
        a.ins("claim", "Downgrades take effect only at the next renewal.")
        a.ins("behavior", "I've applied the change, so the new seats are available now.")
        a.ins("elab", "because proration is calculated to the second", clause=True)
        a.ins("elab", "Most customers on this plan see the proration on the following invoice rather than immediately.")
        a.ins("cite", f"The preview id is pvw_{r.alnum(14)}.")
        return Plan(req, turns, a, history.msgs if history else None)
