"""food_delivery (set c): restaurant delivery orders — live tracking, receipts, menus with allergens, missing-item refunds."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, money, mutate_id, nword, other_than, plural, s_arr,
                     s_bool, s_int, s_num, s_obj, s_str)
from .cstyle import (P, a_an, about_money, day_of, hm12, lead, mins_between, month_ord, nudge, nudge_int, pct1, pct_exact, stamp,
                     tail)

BASE = "https://api.plateful.example/v3"
HELP = "https://help.plateful.example/articles"

# name, cuisine, menu [(item, price, tags, allergens, spice)]
RESTAURANTS = {
    "Kin Noodle Bar": ("thai", [
        ("Tofu Pad Thai", 14.50, ["vegetarian"], ["peanuts", "soy", "egg"], "mild"),
        ("Green Curry with Vegetables", 15.25, ["vegetarian", "vegan"], ["soy"], "hot"),
        ("Pad See Ew (tofu)", 13.75, ["vegetarian"], ["soy", "gluten", "egg"], "mild"),
        ("Massaman Curry (sweet potato)", 16.00, ["vegetarian", "vegan"], ["peanuts"], "medium"),
        ("Crispy Spring Rolls", 7.50, ["vegetarian", "vegan"], ["gluten"], "mild"),
        ("Papaya Salad", 9.95, ["vegetarian"], ["peanuts", "fish"], "hot"),
        ("Basil Fried Rice (tofu)", 12.95, ["vegetarian"], ["soy"], "medium")]),
    "Saffron Lane": ("indian", [
        ("Chana Masala", 13.50, ["vegetarian", "vegan"], [], "medium"),
        ("Paneer Tikka Masala", 16.95, ["vegetarian"], ["dairy", "tree nuts"], "medium"),
        ("Vegetable Korma", 15.50, ["vegetarian"], ["dairy", "tree nuts"], "mild"),
        ("Aloo Gobi", 12.75, ["vegetarian", "vegan"], [], "medium"),
        ("Garlic Naan", 4.50, ["vegetarian"], ["gluten", "dairy"], "mild"),
        ("Vegetable Samosas (2)", 6.95, ["vegetarian", "vegan"], ["gluten"], "mild"),
        ("Peanut Chaat", 8.25, ["vegetarian"], ["peanuts"], "hot")]),
    "Taqueria Luz": ("mexican", [
        ("Black Bean Burrito", 11.25, ["vegetarian"], ["gluten", "dairy"], "mild"),
        ("Mushroom Tacos (3)", 12.50, ["vegetarian", "vegan"], [], "medium"),
        ("Elote Cup", 5.75, ["vegetarian"], ["dairy"], "mild"),
        ("Cheese Quesadilla", 9.95, ["vegetarian"], ["gluten", "dairy"], "mild"),
        ("Mole Enchiladas", 14.25, ["vegetarian"], ["peanuts", "sesame", "dairy"], "medium"),
        ("Chips & Salsa Roja", 4.95, ["vegetarian", "vegan"], [], "hot")]),
    "Little Athens": ("greek", [
        ("Falafel Plate", 13.95, ["vegetarian", "vegan"], ["sesame"], "mild"),
        ("Spanakopita", 11.50, ["vegetarian"], ["gluten", "dairy", "egg"], "mild"),
        ("Halloumi Wrap", 12.25, ["vegetarian"], ["gluten", "dairy"], "mild"),
        ("Greek Salad", 10.75, ["vegetarian"], ["dairy"], "mild"),
        ("Hummus & Pita", 8.50, ["vegetarian", "vegan"], ["sesame", "gluten"], "mild"),
        ("Baklava", 6.25, ["vegetarian"], ["tree nuts", "gluten", "dairy"], "mild")]),
}
OTHER_DISHES = ["Vegetable Biryani", "Tom Kha Soup", "Bean Tostada", "Stuffed Peppers", "Mango Sticky Rice", "Dal Makhani"]
OTHER_PLACES = ["Golden Wok", "Burger Republic", "Sushi Kato", "Pho Real", "Nonna's Kitchen"]
COURIERS = ["Malik", "Sofia", "Dev", "Hannah", "Tomás", "Grace", "Ibrahim"]
OTHER_COURIERS = ["Jordan", "Priya", "Luca", "Nadia", "Oskar"]
STATUS_WORDS = {"placed": "waiting for the restaurant to accept it", "preparing": "being made in the kitchen",
                "ready_for_pickup": "packed and ready to collect", "picked_up": "with the courier",
                "arriving": "a couple of minutes away", "delivered": "delivered"}
OFFSETS = ["-05:00", "-04:00", "-07:00", "-06:00"]
STREETS = ["418 Halsey St", "77 Cortland Ave, Apt 3R", "2150 W Division St", "9 Larkspur Ct"]


class Food(Scenario):
    name = "food_delivery"
    agent = "Plato"
    service = "plateful-support-agent"
    system = ("You are Plato, Plateful's in-app support assistant for food delivery customers. The customer is signed in. "
              "Use the tools to track orders, explain charges, look at menus and handle missing-item reports according to "
              "the help centre. Only file a refund request when the customer asks you to.")
    error_style = 0
    entity_noun = {"order_id": "Order", "restaurant_id": "Restaurant", "article_url": "Help article"}
    preambles = ["Checking your order now.", "Give me a second to pull that up.", "Let me look at that order."]

    def __init__(self):
        oid = s_str("Order id as shown in the app, e.g. 'PF-4821-K7Q2M'.", pattern=r"^PF-\d{4}-[A-Z0-9]{5}$")
        self.tools = [
            Tool("list_orders", "The customer's recent orders, newest first.",
                 s_obj({"status": s_str("Which orders to list.", enum=["active", "completed", "cancelled", "any"]),
                        "limit": s_int("How many orders to return.", 1, 20)}), http=BASE,
                 extra=[("include_items", True), ("days", 30)]),
            Tool("get_order", "Full details of one order: status, ETA, courier, items, charges and timeline.",
                 s_obj({"order_id": oid}, ["order_id"]), entity={"order_id": "id"}, http=BASE,
                 extra=[("include_receipt", True)]),
            Tool("search_restaurants", "Restaurants delivering to the customer's saved address.",
                 s_obj({"query": s_str("Cuisine or restaurant name.", min_len=2, max_len=60),
                        "open_now": s_bool("Only restaurants open right now."),
                        "max_delivery_fee": s_num("Upper bound on the delivery fee in USD.", 0, 15)}, ["query"]),
                 http=BASE, extra=[("sort", "rating"), ("radius_km", 5)]),
            Tool("get_menu", "Menu of one restaurant, optionally filtered by a dietary tag, with prices and allergens.",
                 s_obj({"restaurant_id": s_str("Restaurant id, e.g. 'rst_h4k2q9xd'.", pattern=r"^rst_[a-z0-9]{8}$"),
                        "dietary": s_str("Dietary filter.", enum=["vegetarian", "vegan", "gluten_free", "none"])},
                       ["restaurant_id"]), entity={"restaurant_id": "id"}, http=BASE, extra=[("lang", "en")]),
            Tool("get_help_article", "Plain-text help centre article, by its URL.",
                 s_obj({"article_url": s_str("Article URL from an order's support links.",
                                             pattern=r"^https://help\.plateful\.example/articles/\d+-[a-z-]+$")},
                       ["article_url"]), entity={"article_url": "url"}, extra=[("format", "html")]),
            Tool("submit_refund_request", "File a missing or incorrect item report for a delivered order.",
                 s_obj({"order_id": oid,
                        "items": s_arr("Names of the affected items as they appear on the order.", s_str("Item name."), 1, 10),
                        "reason": s_str("Problem type.", enum=["missing_item", "incorrect_item", "quality"]),
                        "refund_to": s_str("Where the refund goes.", enum=["plateful_credit", "original_payment"])},
                       ["order_id", "items", "reason"]), entity={"order_id": "id"}, http=BASE,
                 extra=[("photo_urls", []), ("priority", "high")]),
        ]
        self.intents = [("order_tracking", self.tracking, True), ("receipt_breakdown", self.receipt, False),
                        ("menu_options", self.menu, False), ("missing_item", self.missing, True)]

    # ------------------------------------------------------------------ data
    def order(self, r: R, today, status, place=None):
        place = place or r.choice(list(RESTAURANTS))
        menu = RESTAURANTS[place][1]
        off = r.choice(OFFSETS)
        oid = f"PF-{r.digits(4)}-{r.upalnum(5)}"
        n = r.randint(2, 4)
        picks = r.sample(menu, n)
        items = [{"name": m[0], "qty": (2 if (k == 0 and r.random() < 0.35) else 1), "unit_price": m[1]} for k, m in enumerate(picks)]
        sub = round(sum(i["qty"] * i["unit_price"] for i in items), 2)
        dfee = r.choice([0.99, 1.49, 2.99, 3.49, 4.99])
        sfee = round(min(sub * 0.15, 9.0), 2)
        promo = r.choice([None, None, ("WELCOME5", 5.0), ("LUNCH3", 3.0), ("FREEDEL", dfee)])
        rate = r.choice([0.08875, 0.0725, 0.1025, 0.06])
        tax = round(sub * rate, 2)
        tip = round(sub * r.choice([0.1, 0.15, 0.18, 0.2]), 2) if r.random() < 0.85 else 0.0
        total = round(sub + dfee + sfee + tax + tip - (promo[1] if promo else 0), 2)
        h = r.randint(11, 20)
        mi = r.randint(0, 59)
        placed = stamp(today, h, mi, off)
        rid = "rst_" + r.alnum(8, "abcdefghijklmnopqrstuvwxyz0123456789")
        art_id = r.randint(3000, 9999)
        o = {"order_id": oid, "status": status,
             "restaurant": {"restaurant_id": rid, "name": place, "phone": f"+1-312-555-{r.digits(4)}"},
             "placed_at": placed, "fulfilment": "delivery",
             "dropoff": {"address_line": r.choice(STREETS), "instructions": r.choice(["Leave at door", "Hand to me", "Ring bell twice"])},
             "items": items,
             "charges": {"currency": "USD", "subtotal": sub, "delivery_fee": dfee, "service_fee": sfee,
                         "promo": {"code": promo[0], "amount": -promo[1]} if promo else None,
                         "tax": tax, "tax_rate": rate, "tip": tip, "total": total},
             "payment": {"method": r.choice(["visa", "mastercard", "apple_pay", "amex"]), "last4": r.digits(4)},
             "support": {"missing_items_article": f"{HELP}/{art_id}-missing-or-incorrect-items",
                         "late_order_article": f"{HELP}/{art_id + 17}-late-orders"}}
        return o

    # ------------------------------------------------------------------ intents
    def tracking(self, ctx):
        r, today = ctx.r, ctx.today
        st = r.choice(["preparing", "ready_for_pickup", "picked_up", "picked_up", "arriving", "placed"])
        o = self.order(r, today, st)
        place = o["restaurant"]["name"]
        off = o["placed_at"][-6:]
        t_pl = P(o["placed_at"])
        elapsed = r.randint(6, 38) if st != "placed" else r.randint(1, 4)
        as_of = t_pl + dt.timedelta(minutes=elapsed)
        o["as_of"] = as_of.isoformat()
        lo = as_of + dt.timedelta(minutes=r.randint(8, 26))
        hi = lo + dt.timedelta(minutes=r.choice([10, 15]))
        late = r.random() < 0.5
        shift = r.choice([6, 9, 12])
        o["eta"] = {"earliest": lo.isoformat(), "latest": hi.isoformat()}
        o["eta_at_checkout"] = {"earliest": (lo - dt.timedelta(minutes=shift if late else -shift)).isoformat(),
                                "latest": (hi - dt.timedelta(minutes=shift if late else -shift)).isoformat()}
        tl = [{"status": "placed", "at": o["placed_at"]}]
        order_seq = ["placed", "preparing", "ready_for_pickup", "picked_up", "arriving"]
        cut = order_seq.index(st)
        step = max(1, elapsed // (cut + 1))
        for k in range(1, cut + 1):
            tl.append({"status": order_seq[k], "at": (t_pl + dt.timedelta(minutes=min(elapsed, step * k))).isoformat()})
        o["timeline"] = tl
        courier = r.choice(COURIERS)
        veh = r.choice(["bike", "e-bike", "car", "scooter"])
        if st in ("picked_up", "arriving", "ready_for_pickup"):
            o["courier"] = {"first_name": courier, "vehicle": veh, "rating": r.choice([4.8, 4.9, 5.0]),
                            "status": "heading_to_restaurant" if st == "ready_for_pickup" else "on_the_way"}
        else:
            o["courier"] = None
        go = Call("get_order", {"order_id": o["order_id"]}, o)
        history = None
        if ctx.followup:
            lst = {"orders": [{"order_id": o["order_id"], "restaurant": place, "status": st, "placed_at": o["placed_at"],
                               "total": o["charges"]["total"]}], "count": 1}
            history = History().user(r.choice(["did my order go through?", "Is my dinner order in?"]))
            history.call([Call("list_orders", {"status": "active", "limit": 5} if r.random() < 0.5 else {"status": "active"}, lst)])
            history.reply(f"Yes — your {place} order ({o['order_id']}) went in at {hm12(t_pl)}.")
            req = r.choice(["ok so when will it actually get here?", "Great. How far away is it?", "any idea how long now?"])
            turns = [Turn([go])]
        elif r.random() < 0.5:
            req = r.choice([f"where is order {o['order_id']}??", f"Can you check on {o['order_id']}? It's taking a while.",
                            f"How long until {o['order_id']} arrives?"])
            turns = [Turn([go])]
        else:
            lst = {"orders": [{"order_id": o["order_id"], "restaurant": place, "status": st, "placed_at": o["placed_at"],
                               "total": o["charges"]["total"]}], "count": 1}
            req = r.choice(["where's my food", "My order from " + place + " — any update?", "how long until my delivery gets here?"])
            turns = [Turn([Call("list_orders", {"status": "active"}, lst)]), Turn([go])]
        to_hi = mins_between(o["as_of"], o["eta"]["latest"])
        to_lo = mins_between(o["as_of"], o["eta"]["earliest"])
        oth_c = other_than(r, OTHER_COURIERS, courier)
        other_st = {"placed": "preparing", "preparing": "picked_up", "ready_for_pickup": "picked_up", "picked_up": "preparing",
                    "arriving": "ready_for_pickup"}[st]
        a = A()
        style = r.choice(["chat", "detail", "bullets"])
        win = f"{hm12(lo)}–{hm12(hi)}"
        win_shift = f"{hm12(lo + dt.timedelta(minutes=20))}–{hm12(hi + dt.timedelta(minutes=20))}"
        win_and = f"{hm12(lo)} and {hm12(hi)}"
        win_and_shift = f"{hm12(lo + dt.timedelta(minutes=r.choice([15, 20, 25])))} and {hm12(hi + dt.timedelta(minutes=20))}"
        co_hi = P(o["eta_at_checkout"]["latest"])
        if style == "chat":
            lead(a, r, p=0.3)
            a("It's ").x(STATUS_WORDS[st], val=STATUS_WORDS[other_st]).t(" right now")
            if o["courier"] and st != "ready_for_pickup":
                a(" — ").x(courier, ent=oth_c).t(" has it")
            a(". Expect it between ").x(win_and, tmp=win_and_shift).t(", so roughly ").x(f"{to_lo}–{to_hi} minutes", num=f"{to_lo + 15}–{to_hi + 15} minutes").t(" from now").pc().t(".").p()
            if st in ("placed", "preparing", "ready_for_pickup"):
                a(" It ").x("hasn't left the restaurant yet", neg="has already left the restaurant").t(".").p()
            tail(a, r, p=0.4, own=["I'll keep the order open here if you want me to check again in a bit.",
                                   "Want me to pull up the late-order help page in case it slips further?"])
        elif style == "detail":
            lead(a, r, p=0.4)
            a("Your ").x(place, ent=other_than(r, OTHER_PLACES, place)).t(" order ").x(o["order_id"], fid=f"PF-{mutate_id(o['order_id'][3:], r)}").t(" was placed at ").x(hm12(t_pl), tmp=hm12(t_pl - dt.timedelta(minutes=r.choice([25, 40])))).t(", ")
            a.x(plural(elapsed, "minute"), num=plural(nudge_int(elapsed, r, (6, 9, 12)), "minute")).t(" ago, and it's currently ").x(STATUS_WORDS[st], val=STATUS_WORDS[other_st]).t(".").p()
            if r.random() < 0.5 and st != "placed":
                a(" (In the app that's status ").x(f"`{st}`", attr=r.choice(["`awaiting_courier`", "`in_transit`", "`dispatched`"])).t(".)").p()
            a("\n\nThe current window is ").x(win, tmp=win_shift, conf=("temporal", f"{hm12(P(o['eta_at_checkout']['earliest']))}–{hm12(co_hi)}")).t(", which is ")
            a.x("later" if late else "earlier", rel="earlier" if late else "later").t(" than the estimate you got at checkout (").x(f"{shift} minutes", num=f"{shift + r.choice([5, 8])} minutes").t(" ").t("behind" if late else "ahead").t(")").pc().t(".").p()
            if o["courier"]:
                vw = {"bike": "by bike", "e-bike": "on an e-bike", "car": "by car", "scooter": "on a scooter"}[veh]
                ow = {"bike": "by car", "e-bike": "by car", "car": "on a bike", "scooter": "by car"}[veh]
                a(" ").x(courier, ent=oth_c).t(" is delivering ").x(vw, val=ow).t(".").p()
            a.pp()
            tail(a, r, p=0.5, sep="\n\n", own=["If it isn't there by " + hm12(hi) + ", let me know and I'll look into a late-order credit."])
        else:
            a("**").x(place, ent=other_than(r, OTHER_PLACES, place)).t("** — ").x(o["order_id"], fid=f"PF-{mutate_id(o['order_id'][3:], r)}").t("\n\n")
            a("- Status: ").x(STATUS_WORDS[st], val=STATUS_WORDS[other_st]).pb()
            a("\n- Arriving: ").x(win, tmp=win_shift).t(" (").x(f"about {to_hi} min", num=f"about {to_hi + 14} min").t(" at most)").pb()
            if o["courier"]:
                a("\n- Courier: ").x(courier, ent=oth_c).t(", ").t(veh).pb()
            else:
                a("\n- Courier: ").x("not assigned yet", neg="already assigned").pb()
            cnt = sum(i["qty"] for i in o["items"])
            a("\n- Items: ").x(nword(cnt), num=nword(cnt + 1)).t(" in total; drop-off note \u201c").t(o["dropoff"]["instructions"]).t("\u201d").pb()
            a("\n\nIt's running ").x(f"{shift} min", num=f"{shift + 7} min").t(" ").x("behind" if late else "ahead of", rel="ahead of" if late else "behind").t(" the checkout estimate.").pp()
            tail(a, r, p=0.35, sep="\n\n")
        a.ins("claim", f"{place} is flagged as busy tonight, with prep times running about 15 minutes long.")
        a.ins("claim", "Orders from this restaurant have arrived on time 92% of the time this month.")
        a.ins("claim", "The courier is currently finishing another drop-off first.")
        a.ins("behavior", "I messaged the courier asking them to call when they're outside.")
        a.ins("behavior", "I also nudged the restaurant to prioritise it.")
        a.ins("elab", "since traffic near the restaurant is heavy at the moment", clause=True)
        a.ins("elab", "mostly because of a backlog of pickup orders at the counter", clause=True)
        a.ins("elab", "Windows like this usually tighten up once the courier is within a mile.")
        a.ins("cite", f"You can follow it live at https://plateful.example/t/{r.alnum(10)}.")
        a.ins("cite", f"The dispatch reference is DSP-{r.digits(3)}-{r.upalnum(4)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def receipt(self, ctx):
        r, today = ctx.r, ctx.today
        o = self.order(r, today - dt.timedelta(days=r.randint(1, 6)), "delivered")
        t_pl = P(o["placed_at"])
        t_dl = t_pl + dt.timedelta(minutes=r.randint(28, 62))
        o["delivered_at"] = t_dl.isoformat()
        o["timeline"] = [{"status": "placed", "at": o["placed_at"]}, {"status": "delivered", "at": o["delivered_at"]}]
        o["courier"] = {"first_name": r.choice(COURIERS), "vehicle": r.choice(["bike", "car"])}
        ch = o["charges"]
        place = o["restaurant"]["name"]
        split = r.choice([None, None, 2, 3, 4])
        go = Call("get_order", {"order_id": o["order_id"]}, o)
        if split:
            req = r.choice([f"We're splitting order {o['order_id']} {nword(split)} ways. How much does each of us owe?",
                            f"Split {o['order_id']} between {nword(split)} people — what's each share?"])
        else:
            req = r.choice([f"Why did {o['order_id']} cost so much? Break down the charges.",
                            f"Can I see what I paid for on order {o['order_id']}?", f"what were the fees on {o['order_id']}"])
        fees = round(ch["delivery_fee"] + ch["service_fee"], 2)
        promo = ch["promo"]
        sub, total, tip, tax = ch["subtotal"], ch["total"], ch["tip"], ch["tax"]
        extra_pct = (total - sub) / sub * 100
        a = A()
        style = r.choice(["table", "prose", "prose"])
        if style == "table":
            lead(a, r, p=0.3)
            a("Here's the receipt for ").x(o["order_id"], fid=f"PF-{mutate_id(o['order_id'][3:], r)}").t(" (").x(place, ent=other_than(r, OTHER_PLACES, place)).t(", ").x(day_of(t_pl.date()), tmp=day_of(t_pl.date() - dt.timedelta(days=r.choice([1, 2])))).t("):\n\n")
            a("| | Amount |\n|---|---|\n")
            a("| Food (").x(plural_items(o["items"]), num=plural_items(o["items"], 1)).t(") | ").x(money(sub), num=money(nudge(sub, r))).t(" |\n")
            a("| Delivery fee | ").x(money(ch["delivery_fee"]), num=money(nudge(ch["delivery_fee"], r, 0.3, 0.9)), conf=("numerical", money(ch["service_fee"]))).t(" |\n")
            a("| Service fee | ").x(money(ch["service_fee"]), num=money(nudge(ch["service_fee"], r))).t(" |\n")
            if promo:
                a("| Promo ").x(promo["code"], fid=fake_code(promo["code"])).t(" | −").x(money(-promo["amount"]), num=money(-promo["amount"] + 2)).t(" |\n")
            a("| Tax | ").x(money(tax), num=money(nudge(tax, r))).t(" |\n")
            a("| Tip | ").x(money(tip), num=money(nudge(tip, r, 0.2, 0.5)) if tip else None).t(" |\n")
            a("| **Total** | **").x(money(total), num=money(nudge(total, r, 0.05, 0.15))).t("** |\n")
            sep0 = "\n"
            if r.random() < 0.5:
                a("\nThe tax line uses the order's ").x("`tax_rate`", attr=r.choice(["`sales_tax_pct`", "`tax_percent`", "`vat_rate`"])).t(" of ").t(pct_exact(ch["tax_rate"] * 100)).t(".").p()
                sep0 = " "
            a(sep0 + "Fees, tax and tip (net of any promo) added ").x(pct1(extra_pct), num=pct1(extra_pct + r.choice([6, 9, 11]))).t(" on top of the food price").pc().t(".").p()
            if tip:
                a(" The fees together (").x(money(fees), num=money(nudge(fees, r))).t(") came to ").x("more" if fees > tip else "less", rel="less" if fees > tip else "more").t(" than the tip.").p()
            a.pp()
            tail(a, r, p=0.4, sep="\n\n", own=["Want the same breakdown for another order?"])
        else:
            lead(a, r, p=0.35)
            a("You paid ").x(money(total), num=money(nudge(total, r, 0.05, 0.15)), conf=("numerical", money(sub))).t(" in total for the ").x(place, ent=other_than(r, OTHER_PLACES, place)).t(" order").pc().t(". ")
            a("The food itself was ").x(money(sub), num=money(nudge(sub, r))).t(f"; on top of that came {a_an(money(ch['delivery_fee']))} ").x(money(ch["delivery_fee"]), num=money(nudge(ch["delivery_fee"], r, 0.3, 0.9))).t(f" delivery fee, {a_an(money(ch['service_fee']))} ")
            a.x(money(ch["service_fee"]), num=money(nudge(ch["service_fee"], r)), conf=("numerical", money(ch["delivery_fee"]))).t(" service fee and ").x(money(tax), num=money(nudge(tax, r))).t(" tax")
            if tip:
                tp = tip / sub * 100
                a(f", plus {a_an(money(tip))} ").x(money(tip), num=money(nudge(tip, r, 0.2, 0.5))).t(" tip (").x(f"{tp:.0f}%", num=f"{tp + r.choice([5, 7]):.0f}%").t(" of the food)")
            a(".").p()
            if promo:
                a(" Your code ").x(promo["code"], fid=fake_code(promo["code"])).t(" ").x("did take", neg="didn't take").t(" ").x(money(-promo["amount"]), num=money(-promo["amount"] + 2)).t(" off.").p()
            else:
                a(" There ").x("wasn't", neg="was").t(" a promo code on this order.").p()
            if split:
                each = total / split
                a("\n\nSplit ").x(nword(split), num=nword(split + 1)).t(" ways, that's ").x(about_money(each), num=about_money(nudge(each, r, 0.15, 0.3))).t(" each (").x(money(round(each, 2)), num=money(nudge(round(each, 2), r, 0.15, 0.3))).t(" to the cent).").pp()
            else:
                a(" It was delivered at ").x(hm12(t_dl), tmp=hm12(t_dl + dt.timedelta(minutes=r.choice([35, 50])))).t(", ").x(f"{mins_between(o['placed_at'], o['delivered_at'])} minutes", num=f"{mins_between(o['placed_at'], o['delivered_at']) + r.choice([12, 18])} minutes").t(" after you ordered.").p()
            tail(a, r, p=0.4, sep="\n\n" if split else " ", own=["I can email this breakdown to you if that's useful."])
        a.ins("claim", "The service fee is capped at $9 per order.")
        a.ins("claim", f"{place} also charged a small packaging fee that's included in the subtotal.")
        a.ins("claim", "Delivery fees are waived on orders over $35 for Plateful Plus members.")
        a.ins("behavior", "An itemised copy of this is in your inbox now — I just sent it.")
        a.ins("behavior", "I went ahead and refunded the service fee as a courtesy.")
        a.ins("elab", "mainly because the delivery fee goes up during the dinner rush", clause=True)
        a.ins("elab", "The tax rate is set by the city the restaurant is in, not your address.")
        a.ins("cite", f"The receipt number for your records is RCT-{r.digits(8)}.")
        return Plan(req, [Turn([go])], a)

    def menu(self, ctx):
        r, today = ctx.r, ctx.today
        while True:
            place = r.choice(list(RESTAURANTS))
            cuisine, menu = RESTAURANTS[place]
            allergen = r.choice(["peanuts", "peanuts", "gluten", "dairy", "sesame"])
            budget = r.choice([None, 14, 15, 16])
            veg = [m for m in menu if "vegetarian" in m[2]]
            safe = [m for m in veg if allergen not in m[3] and (budget is None or m[1] < budget)]
            bad = [m for m in veg if allergen in m[3]]
            if len(safe) >= 2 and bad:
                break
        others = r.sample([p for p in OTHER_PLACES], 2)
        results = []
        rid = "rst_" + r.alnum(8, "abcdefghijklmnopqrstuvwxyz0123456789")
        mine = {"restaurant_id": rid, "name": place, "cuisine": cuisine, "rating": r.choice([4.6, 4.7, 4.8]),
                "delivery_fee": r.choice([0.99, 1.99, 2.49]), "eta_minutes": r.randint(25, 45), "min_order": 10.0,
                "closes_at": r.choice(["21:30", "22:00", "22:30", "23:00"])}
        results.append(mine)
        for k, nm in enumerate(others):
            results.append({"restaurant_id": "rst_" + r.alnum(8, "abcdefghijklmnopqrstuvwxyz0123456789"), "name": nm,
                            "cuisine": cuisine, "rating": round(mine["rating"] - 0.2 - 0.1 * k, 1),
                            "delivery_fee": round(mine["delivery_fee"] + r.choice([1.0, 1.5, 2.0]), 2),
                            "eta_minutes": mine["eta_minutes"] + r.choice([-10, 5, 12]), "min_order": 15.0, "closes_at": "22:00"})
        sr = Call("search_restaurants", {"query": cuisine, "open_now": True} if r.random() < 0.6 else {"query": cuisine},
                  {"results": results, "count": len(results)})
        mres = {"restaurant_id": rid, "restaurant": place, "currency": "USD", "filter": "vegetarian",
                "sections": [{"title": "Mains & sides", "items": [{"item_id": f"itm_{r.digits(5)}", "name": m[0], "price": m[1], "tags": m[2],
                                                                  "allergens": m[3], "spice_level": m[4], "available": True} for m in veg]}]}
        gm = Call("get_menu", {"restaurant_id": rid, "dietary": "vegetarian"}, mres)
        req = r.choice([f"I want {cuisine} tonight. I'm vegetarian and can't have {allergen} — what are my options?",
                        f"Vegetarian {cuisine} food without {allergen}? Find me something good."])
        if budget:
            req += f" Ideally under ${budget}."
        cheapest = min(safe, key=lambda m: m[1])
        priciest = max(safe, key=lambda m: m[1])
        nxt = results[1]
        a = A()
        lead(a, r, p=0.3)
        a("The best-rated ").t(cuisine.title()).t(" option near you is ").x(place, ent=other_than(r, OTHER_PLACES, place, *others)).t(" (").x(str(mine["rating"]), num=str(round(mine["rating"] - 0.3, 1)), conf=("numerical", str(nxt["rating"])) if nxt["rating"] != mine["rating"] else None).t(" stars), and its delivery fee is ")
        a.x("lower", rel="higher").t(" than ").t(nxt["name"]).t("'s (").x(money(mine["delivery_fee"]), num=money(nudge(mine["delivery_fee"], r, 0.4, 0.9)), conf=("numerical", money(nxt["delivery_fee"]))).t(" vs ").t(money(nxt["delivery_fee"])).t(").").p()
        a(" Vegetarian dishes there without ").t(allergen).t(f" under ${budget}:\n" if budget else ":\n")
        spice_alt = {"mild": "hot", "medium": "mild", "hot": "mild"}
        others_safe = [m for m in safe]
        for m in others_safe:
            other_price = [x for x in veg if x is not m][0][1]
            a("\n- ").x(m[0], ent=r.choice([d for d in OTHER_DISHES])).t(" — ").x(money(m[1]), num=money(nudge(m[1], r, 0.1, 0.3)), conf=("numerical", money(other_price)) if other_price != m[1] else None)
            if "vegan" in m[2] and r.random() < 0.5:
                a(", ").x("also vegan", neg="not vegan").t("")
            a(", spice: ").x(m[4], val=spice_alt[m[4]]).pb()
        a("\n\n").t("That's ").x(nword(len(safe)), num=nword(len(safe) + 1)).t(" options; the ").x("cheapest", rel="priciest").t(" is the ").t(cheapest[0]).t(" and the ").x("most expensive", rel="least expensive").t(" is the ").t(priciest[0]).t(".").p()
        b0 = bad[0]
        a(" I left out the ").x(b0[0], ent=r.choice(OTHER_DISHES)).t(", which ").x("lists", neg="doesn't list").t(" ").t(allergen).t(" as an allergen")
        if len(bad) > 1:
            a(" (so does the ").t(bad[1][0]).t(")")
        a.pc().t(".").p()
        if r.random() < 0.5:
            a(" Each item's ").x("`allergens`", attr=r.choice(["`allergen_flags`", "`contains`", "`allergy_info`"])).t(" list is where I checked this.").p()
        cl = mine["closes_at"]
        ch_, cm_ = map(int, cl.split(":"))
        a(" They close at ").x(hm12(dt.time(ch_, cm_)), tmp=hm12(dt.time(ch_ - 1, cm_))).t(" and quote about ").x(f"{mine['eta_minutes']} minutes", num=f"{mine['eta_minutes'] + 15} minutes").t(" for delivery.").pp()
        tail(a, r, p=0.5, sep="\n\n", own=["Want me to put one of these in your cart?", "Should I check the other places' menus as well?"])
        a.ins("claim", f"{place} cooks everything in a separate {allergen}-free area of the kitchen.")
        a.ins("claim", "The curries can be made milder on request at no charge.")
        a.ins("claim", f"{place} has a 20% off promotion on orders over $30 tonight.")
        a.ins("behavior", f"I've added the {cheapest[0]} to your cart.")
        a.ins("behavior", "I saved your allergy to your profile so future menus are filtered automatically.")
        a.ins("elab", "since the kitchen switched suppliers earlier this year", clause=True)
        a.ins("elab", f"because its sauce base is made with {allergen}", clause=True)
        a.ins("elab", f"The {priciest[0]} is their most popular dish on weekends.")
        a.ins("cite", f"Their full allergen sheet is at https://plateful.example/r/{rid}/allergens.pdf.")
        return Plan(req, [Turn([sr]), Turn([gm])], a)

    def missing(self, ctx):
        r, today = ctx.r, ctx.today
        o = self.order(r, today - dt.timedelta(days=1), "delivered")
        while len(o["items"]) < 2:
            o = self.order(r, today - dt.timedelta(days=1), "delivered")
        t_pl = P(o["placed_at"])
        t_dl = t_pl + dt.timedelta(minutes=r.randint(30, 55))
        o["delivered_at"] = t_dl.isoformat()
        o["timeline"] = [{"status": "placed", "at": o["placed_at"]}, {"status": "delivered", "at": o["delivered_at"]}]
        o["courier"] = {"first_name": r.choice(COURIERS), "vehicle": r.choice(["bike", "car"])}
        window = r.choice([48, 72])
        days_card = r.choice([(3, 5), (3, 7), (5, 10)])
        url = o["support"]["missing_items_article"]
        art = (f"# Missing or incorrect items\n\nLast updated {today.year - 1}-11-0{r.randint(1, 9)}\n\n"
               f"## 1. Reporting window\n1.1 Report missing or incorrect items within {window} hours of delivery, in the app or through support.\n"
               f"1.2 Reports made after that are reviewed case by case and a refund is not guaranteed.\n\n"
               f"## 2. What we refund\n2.1 Missing items: the item price, including paid modifiers, plus the tax charged on it.\n"
               f"2.2 Incorrect items: the item price. You do not need to return the item.\n"
               f"2.3 Delivery and service fees are refunded only when the entire order is missing.\n\n"
               f"## 3. How refunds are paid\n3.1 Plateful Credit: available immediately.\n"
               f"3.2 Original payment method: {days_card[0]}–{days_card[1]} business days, depending on your bank.\n\n"
               f"## 4. Repeated reports\n4.1 Accounts with more than 3 reports in 30 days may be asked for a photo of the order.\n")
        item = r.choice(o["items"])
        rate = o["charges"]["tax_rate"]
        amt = round(item["unit_price"] * item["qty"] * (1 + rate), 2)
        place = o["restaurant"]["name"]
        go = Call("get_order", {"order_id": o["order_id"]}, o)
        ga = Call("get_help_article", {"article_url": url}, art)
        filed = r.random() < 0.5
        to = r.choice(["plateful_credit", "original_payment"])
        turns = []
        history = None
        if ctx.followup:
            lst = {"orders": [{"order_id": o["order_id"], "restaurant": place, "status": "delivered", "placed_at": o["placed_at"],
                               "total": o["charges"]["total"]}], "count": 1}
            history = History().user("What was my last order?")
            history.call([Call("list_orders", {"status": "completed", "limit": 1}, lst)])
            history.reply(f"Your last order was from {place} ({o['order_id']}), delivered {day_of(t_dl.date())}.")
            req = f"The {item['name']} wasn't in the bag." + (" Please get me a refund." if filed else " Can I get my money back for it?")
        else:
            req = f"Order {o['order_id']} came without the {item['name']}." + (" Please file a refund for it." if filed else " What can I do?")
        turns.append(Turn([go]))
        turns.append(Turn([ga]))
        deadline = t_dl + dt.timedelta(hours=window)
        eta_day = today + dt.timedelta(days=days_card[1] + 2)
        if filed:
            rid = f"RFD-{r.upalnum(6)}"
            res = {"request_id": rid, "order_id": o["order_id"], "status": "approved", "items": [item["name"]],
                   "refund": {"amount": amt, "currency": "USD", "to": to,
                              "available": "immediately" if to == "plateful_credit" else f"within {days_card[1]} business days"},
                   "created_at": stamp(today, 21, r.randint(10, 59), o["placed_at"][-6:])}
            turns.append(Turn([Call("submit_refund_request", {"order_id": o["order_id"], "items": [item["name"]], "reason": "missing_item", "refund_to": to}, res)]))
        sec_pool = ["1.3", "2.4", "2.5", "3.3", "4.2", "5.1"]
        fs = lambda real: r.choice([s for s in sec_pool if s != real])
        a = A()
        lead(a, r, p=0.3)
        other_item = [i for i in o["items"] if i is not item][0]
        oth_amt = round(other_item["unit_price"] * other_item["qty"] * (1 + rate), 2)
        if filed:
            a("Done — I've filed it. Request ").x(rid, fid=f"RFD-{mutate_id(rid[4:], r)}").t(" was ").x("approved", val=r.choice(["put under review", "declined"]))
            if r.random() < 0.4:
                a(" (").x("`status: approved`", attr=r.choice(["`review_state: approved`", "`decision: approved`"])).t(")")
            a(" for ")
            a.x(money(amt), num=money(nudge(amt, r, 0.1, 0.4)), conf=("numerical", money(oth_amt)) if oth_amt != amt else None).t(", which covers the ").x(item["name"], ent=r.choice(OTHER_DISHES)).t(" plus its tax (section ").x("2.1", sec=fs("2.1")).t(").").p()
            if to == "plateful_credit":
                a(" It's going to your Plateful Credit, so it's ").x("available right away", neg="not available right away").t(".").p()
            else:
                a(" It goes back to your original payment method, which the help article says takes ").x(f"{days_card[0]}–{days_card[1]} business days", num=f"{days_card[0] + 2}–{days_card[1] + 3} business days").t(" (").x("3.2", sec=fs("3.2")).t(")").pc().t(".").p()
                a(" Credit would have been ").x("faster", rel="slower").t(", if you ever prefer that.").p()
            a(" The delivery and service fees ").x("aren't", neg="are").t(" included — per ").x("2.3", sec=fs("2.3")).t(" those only come back when the whole order is missing.").p()
            tail(a, r, p=0.4, own=["Let me know if anything else was wrong with the order."])
        else:
            style = r.choice(["steps", "prose"])
            if style == "steps":
                a("Yes, you can get that refunded. From the help article:\n\n")
                a("1. **Timing** — you have ").x(f"{window} hours", num=f"{window - 24} hours").t(" from delivery (§").x("1.1", sec=fs("1.1")).t("). It arrived ").x(f"{day_of(t_dl.date())} at {hm12(t_dl)}", tmp=f"{day_of((t_dl - dt.timedelta(days=1)).date())} at {hm12(t_dl)}").t(", so the cutoff is ").x(f"{day_of(deadline.date())}, {hm12(deadline)}", tmp=f"{day_of((deadline - dt.timedelta(days=1)).date())}, {hm12(deadline)}").t(".").pb()
                a("\n2. **Amount** — the item price plus tax: ").x(f"{item['qty']} × {money(item['unit_price'])}", num=f"{item['qty']} × {money(nudge(item['unit_price'], r, 0.1, 0.3))}").t(" at ").t(pct_exact(rate * 100)).t(" tax comes to ").x(money(amt), num=money(nudge(amt, r, 0.1, 0.4)), conf=("numerical", money(oth_amt)) if oth_amt != amt else None).t(" (§").x("2.1", sec=fs("2.1")).t(").").pb()
                a("\n3. **Fees** — delivery and service fees ").x("won't be refunded", neg="will be refunded too").t(", since the rest of the order ").x("did arrive", neg="didn't arrive").t(" (§").x("2.3", sec=fs("2.3")).t(").").pb()
                a("\n4. **Payout** — Plateful Credit is instant; back to your card takes ").x(f"{days_card[0]}–{days_card[1]} business days", num=f"{days_card[0] + 2}–{days_card[1] + 4} business days").pc().t(".").pb()
                a.pp()
                tail(a, r, p=0.8, sep="\n\n", generic=False, own=["Want me to file the report now? Just tell me credit or card.",
                                                                "I can submit it for you — which refund method would you like?"])
            else:
                a("You're covered: missing items get the item price plus its tax back (section ").x("2.1", sec=fs("2.1")).t("), so for the ").x(item["name"], ent=r.choice(OTHER_DISHES)).t(" that's ").x(money(amt), num=money(nudge(amt, r, 0.1, 0.4)), conf=("numerical", money(oth_amt)) if oth_amt != amt else None).t(".").p()
                a(" The order was delivered at ").x(hm12(t_dl), tmp=hm12(t_dl - dt.timedelta(minutes=r.choice([50, 75])))).t(" on ").x(month_ord(t_dl.date()), tmp=month_ord(t_dl.date() - dt.timedelta(days=1))).t(" and you have ").x(f"{window} hours", num=f"{window + 24} hours").t(" to report it, so there's plenty of time.").p()
                a(" Fees ").x("stay", val="get refunded").t(" as they are unless the entire order went missing (").x("2.3", sec=fs("2.3")).t(").").p()
                a(" Credit lands immediately; a card refund is ").x("slower", rel="quicker").t(", ").t(f"{days_card[0]}–{days_card[1]} business days").pc().t(".").p()
                tail(a, r, p=0.8, generic=False, own=["Shall I file it for you?", "Want me to submit the report?"])
        a.ins("claim", "Since this is your first report this month, no photo is needed.")
        a.ins("claim", f"{place} has been notified and will be charged for the missing item.")
        a.ins("claim", "Refunds for missing items are capped at $25 per order.")
        a.ins("behavior", "I've also added a $5 credit to your account for the trouble.")
        a.ins("behavior", "I flagged the restaurant so they double-check bags on your next order.")
        a.ins("elab", "because card refunds have to clear the bank's overnight settlement", clause=True)
        a.ins("elab", "Missing sides are the most common issue reported for this restaurant.")
        a.ins("cite", f"Your support case number is CS-{r.digits(7)}.")
        a.ins("cite", f"The full policy is also at {HELP}/{r.randint(1000, 2999)}-refund-policy.")
        return Plan(req, turns, a, history.msgs if history else None)


def fake_code(code):
    """A promo code of the same shape that is not the real one."""
    if code[-1].isdigit():
        return code[:-1] + str((int(code[-1]) + 5) % 10)
    return code + "2"


def plural_items(items, extra=0):
    n = sum(i["qty"] for i in items) + extra
    return f"{n} item{'s' if n != 1 else ''}"
