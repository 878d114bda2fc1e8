"""camera_support (set o): the support assistant of a camera maker's help centre — answers owners' questions from the
documentation (searched, then fetched by path: firmware release notes, user-manual chapters, the warranty and service
policy, FAQ pages) together with the camera's registration record, and books service drop-offs (a booking refused by
design — centre fully booked, service not offered at that desk — comes back with alternatives, one of which the agent
books instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .ostyle import D, Kb, Src, add_months, vet

BASE = "https://support-api.lumora.example/v1"
MODELS = {"s5": "Lumora S5", "s7": "Lumora S7", "r3": "Lumora R3", "x1": "Lumora X1"}
LENSES = ["24-70mm f/2.8", "70-200mm f/4", "16-35mm f/4", "50mm f/1.4"]
CENTRES = [("SC-LDS", "Leeds Service Centre"), ("SC-MAN", "Manchester Service Centre"), ("SC-BRS", "Bristol Service Centre"),
           ("SC-LON", "London Express Desk"), ("SC-GLA", "Glasgow Service Centre")]
OWNERS = ["Ruth Adeyemi", "Callum Price", "Ines Moreau", "Dev Patel", "Hannah Lowe", "Owen Davies"]
FEATURES = [
    ("Adds a Pre-capture mode that buffers up to {pc} seconds of frames before the shutter button is fully pressed (JPEG and HEIF only).",
     "a Pre-capture mode that buffers up to {pc} seconds of frames before a full press", "Pre-capture"),
    ("Subject detection now recognises birds and aircraft as well as people and animals.",
     "subject detection for birds and aircraft", "subject detection"),
    ("Adds a false-colour exposure aid for video recording.", "a false-colour exposure aid for video", "false colour"),
    ("Adds 10-bit HEIF recording at all resolutions.", "10-bit HEIF recording at every resolution", "HEIF"),
    ("Adds a Custom Shutter Sound option with three volume levels.", "a custom shutter sound with three volume levels", "shutter sound"),
]
OLD_FEATURES = [
    ("Adds focus bracketing of up to {fb} frames.", "focus bracketing of up to {fb} frames"),
    ("Adds an intervalometer that can shoot up to 9,999 frames.", "an intervalometer of up to 9,999 frames"),
    ("Improves autofocus tracking speed in low light.", "faster low-light autofocus tracking"),
]
OTHER_TITLES = ["Lumora Service Guide", "Camera Care FAQ", "Firmware Update Guide", "Lumora Owner's Handbook"]


class CameraSupport(Scenario):
    name = "camera_support"
    agent = "lumora-support-assistant"
    service = "lumora-help-center-agent"
    system = ("You are Lumora's camera support assistant. Answer owners' questions from the Lumora documentation: "
              "search it, read the relevant page, and paraphrase it accurately. Cite the documents you used and quote "
              "warnings word for word. Use the camera record for model, firmware and warranty dates. You can book "
              "service drop-offs at Lumora service centres.")
    error_style = 0
    entity_noun = {"serial_number": "Camera", "doc_path": "Document", "centre_id": "Service centre"}
    preambles = ["Let me check the documentation.", "Searching the support docs.", "One moment while I look that up."]
    literal_ok = []

    def __init__(self):
        self.tools = [
            Tool("search_docs", "Search Lumora manuals, release notes, FAQs and policies. Returns ranked hits with "
                                "title, path, snippet and last-updated date.",
                 s_obj({"query": s_str("Search words.", min_len=3, max_len=200),
                        "product": s_str("Camera model.", enum=list(MODELS)),
                        "doc_type": s_str("Kind of document.", enum=["manual", "release_notes", "faq", "policy"]),
                        "limit": s_int("Maximum hits.", 1, 10)}, ["query"]),
                 http=BASE, extra=[("highlight", True)]),
            Tool("get_doc", "A documentation page by path (Markdown).",
                 s_obj({"doc_path": s_str("Path, e.g. '/docs/s7/manual/ch07-sensor-care.md'.",
                                          pattern=r"^/docs/[a-z0-9/._-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("render", "html")]),
            Tool("get_camera", "A registered camera by serial number: model, installed firmware, purchase and "
                               "registration dates, Lumora Club membership, preferred service centre.",
                 s_obj({"serial_number": s_str("Serial number, e.g. 'LM48213377'.", pattern=r"^LM\d{8}$")},
                       ["serial_number"]),
                 entity={"serial_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("book_service", "Book a service drop-off. A request the centre can't take is returned as not booked "
                                 "with a reason code and alternatives.",
                 s_obj({"serial_number": s_str("Serial number.", pattern=r"^LM\d{8}$"),
                        "service": s_str("Service.", enum=["sensor_cleaning", "repair_assessment", "firmware_update"]),
                        "centre_id": s_str("Service centre ID, e.g. 'SC-LDS'.", pattern=r"^SC-[A-Z]{3}$"),
                        "drop_off_date": s_date("Drop-off date, YYYY-MM-DD.")},
                       ["serial_number", "service", "centre_id", "drop_off_date"]),
                 entity={"serial_number": "id", "centre_id": "id"}, http=BASE, extra=[("priority", "express")]),
        ]
        self.intents = [("firmware_update", self.firmware, True), ("sensor_care", self.sensor, True),
                        ("warranty_check", self.warranty, True), ("service_booking", self.booking, True)]

    # ------------------------------------------------------------------ data
    def _camera(self, r, today, slug=None):
        slug = slug or r.choice(list(MODELS))
        major = r.randint(1, 3)
        minor = r.randint(2, 5)
        latest = f"{major}.{minor}.0"
        prev = f"{major}.{minor - 1}.0"
        old_major = r.random() < 0.25 and major > 1
        installed = f"{major - 1}.{r.randint(3, 8)}.{r.randint(0, 2)}" if old_major else r.choice([prev, f"{major}.{minor - 2}.{r.randint(0, 3)}", f"{major}.0.1"])
        purchase = today - dt.timedelta(days=r.randint(120, 1200))
        reg = purchase + dt.timedelta(days=r.choice([3, 9, 21, 45, 120])) if r.random() < 0.75 else None
        if reg is not None and reg > today:
            reg = purchase + dt.timedelta(days=2)
        cid, cname = r.choice(CENTRES[:3])
        rec = {"serial_number": f"LM{r.randint(10000000, 99999999)}", "model": MODELS[slug], "product": slug,
               "firmware": installed, "purchase_date": purchase.isoformat(),
               "registered_on": reg.isoformat() if reg else None, "club_member": r.random() < 0.4,
               "owner": r.choice(OWNERS), "preferred_centre": {"centre_id": cid, "name": cname}, "as_of": today.isoformat()}
        V = {"major": major, "minor": minor, "latest": latest, "prev": prev, "installed": installed, "old_major": old_major}
        return rec, V

    def _params(self, r, today):
        P = {"pc": r.choice(["0.5", "1.0", "1.5"]), "shots_old": r.choice([380, 410, 440]), "bat": r.choice([50, 60]),
             "mins": r.choice([3, 4, 5]), "fb": r.choice([100, 200, 300]), "clean_bat": r.choice([60, 70, 80]),
             "pm_sec": r.choice([30, 45, 60]), "warr": 24, "reg_days": 30, "ext": 12, "clean_fee": r.choice([45, 49, 55]),
             "club_fee": r.choice([30, 35]), "assess": r.choice([55, 60, 65]), "clean_days": 3, "assess_days": 5,
             "feat": r.sample(range(len(FEATURES)), 3), "old": r.sample(range(len(OLD_FEATURES)), 2),
             "lens": r.choice(LENSES),
             "upd": [(today - dt.timedelta(days=r.randint(15, 300))).isoformat() for _ in range(6)]}
        P["shots_new"] = P["shots_old"] + r.choice([40, 50, 60])
        P["shots_older"] = P["shots_old"] - r.choice([20, 30])
        return P

    def _docs(self, P, rec, V):
        slug, model = rec["product"], rec["model"]
        docs = {}
        feats = [FEATURES[i][0].format(pc=P["pc"]) for i in P["feat"]]
        rel = (f"# {model} Firmware {V['latest']} — Release Notes\n\nReleased: {P['upd'][0]}\n\n## What's new\n"
               + "".join(f"{i + 1}. {f}\n" for i, f in enumerate(feats))
               + f"{len(feats) + 1}. Battery life with the Eco power profile rises from {P['shots_old']} to {P['shots_new']} shots (CIPA).\n\n"
               "## Fixes\n"
               f"- Fixes an issue where the viewfinder could freeze when switching to video with the {P['lens']} lens attached.\n"
               "- Fixes incorrect time stamps after changing time zones.\n\n"
               "## Known issues\n- Pre-capture is unavailable when Dual Card Backup is on.\n\n"
               "## Before you update\n"
               f"- Charge the battery to at least {P['bat']}%.\n"
               f"- The update takes about {P['mins']} minutes. Do not turn the camera off or open the card door.\n"
               f"- Version {V['latest']} can only be installed over {V['major']}.0.0 or later. Cameras on {V['major'] - 1}.x must first install {V['major']}.0.0.\n"
               "- You cannot roll back to an earlier version after updating.\n")
        docs["latest"] = (f"{model} Firmware {V['latest']} — Release Notes", f"/docs/{slug}/firmware/{V['latest']}-release-notes.md", rel,
                          f"Battery life with the Eco power profile rises from {P['shots_old']} to {P['shots_new']} shots (CIPA).", P["upd"][0])
        olds = [OLD_FEATURES[i][0].format(fb=P["fb"]) for i in P["old"]]
        prv = (f"# {model} Firmware {V['prev']} — Release Notes\n\nReleased: {P['upd'][1]}\n\n## What's new\n"
               + "".join(f"{i + 1}. {f}\n" for i, f in enumerate(olds))
               + f"3. Battery life with the Eco power profile rises from {P['shots_older']} to {P['shots_old']} shots (CIPA).\n")
        docs["prev"] = (f"{model} Firmware {V['prev']} — Release Notes", f"/docs/{slug}/firmware/{V['prev']}-release-notes.md", prv,
                        olds[0], P["upd"][1])
        man = (f"# {model} User Manual — Chapter 7: Sensor Care\n\n"
               "## 7.1 Automatic sensor cleaning\n"
               "The camera shakes dust off the sensor each time it is switched off. You can change this in `Setup > Sensor > Clean at Shutdown`.\n\n"
               "## 7.2 Removing dust with a blower\n"
               f"1. Charge the battery to at least {P['clean_bat']}% or use the AC adapter.\n"
               "2. Remove the lens and hold the camera with the mount facing down.\n"
               "3. Select `Setup > Sensor > Manual Cleaning`; the shutter opens.\n"
               "4. Use a hand blower to blow dust off the sensor. Do not let the blower tip touch the sensor.\n"
               "5. Turn the camera off to close the shutter, then refit the lens.\n\n"
               "Never use compressed air or spray cleaners on the sensor: the propellant can leave residue on it.\n\n"
               "## 7.3 Wet cleaning\n"
               "Wet cleaning with swabs and fluid is not recommended. Damage caused by wet cleaning is not covered by the warranty.\n\n"
               "## 7.4 Pixel mapping\n"
               f"If stuck or hot pixels appear, run `Setup > Sensor > Pixel Mapping`. It takes about {P['pm_sec']} seconds; keep the body cap on. We recommend running it once a month.\n")
        docs["manual"] = (f"{model} User Manual — Chapter 7: Sensor Care", f"/docs/{slug}/manual/ch07-sensor-care.md", man,
                          "The camera shakes dust off the sensor each time it is switched off.", P["upd"][2])
        pol = ("# Warranty and Service Policy\n\nUpdated: " + P["upd"][3] + "\n\n"
               "## 1. Standard warranty\n"
               f"1.1 Lumora cameras and lenses carry a {P['warr']}-month warranty from the date of purchase.\n"
               f"1.2 Register your camera within {P['reg_days']} days of purchase to extend the warranty by {P['ext']} months ({P['warr'] + P['ext']} months in total).\n"
               "1.3 The warranty covers manufacturing faults. It does not cover accidental damage, water damage or wear.\n\n"
               "## 2. Service prices\n\n"
               "| Service | Fee | Turnaround |\n|---|---|---|\n"
               f"| Sensor cleaning | £{P['clean_fee']} per body | {P['clean_days']} working days |\n"
               f"| Repair assessment | free in warranty, £{P['assess']} out of warranty | {P['assess_days']} working days |\n"
               "| Firmware update at a service centre | free | same day |\n\n"
               f"2.1 Sensor cleaning is a maintenance service and is not covered by the warranty. Lumora Club members pay £{P['club_fee']}.\n"
               f"2.2 If you go ahead with an out-of-warranty repair, the £{P['assess']} assessment fee is deducted from the repair cost.\n\n"
               "## 3. Drop-off\n"
               "3.1 All drop-offs need a booking. Remove the battery, memory cards and strap first.\n")
        docs["policy"] = ("Warranty and Service Policy", "/docs/policies/warranty-and-service.md", pol,
                          "All drop-offs need a booking. Remove the battery, memory cards and strap first.", P["upd"][3])
        faq = ("# How to Update Your Camera's Firmware\n\nUpdated: " + P["upd"][4] + "\n\n"
               "1. Download the firmware file for your model from the support site.\n"
               "2. Copy it to the root folder of a memory card formatted in the camera.\n"
               "3. Select `Setup > Firmware Update` and follow the prompts.\n")
        docs["faq"] = ("How to Update Your Camera's Firmware", "/docs/faq/updating-firmware.md", faq,
                       "Copy it to the root folder of a memory card formatted in the camera.", P["upd"][4])
        return docs

    def _search(self, r, docs, want, query, product, doc_type, extra=()):
        pool = [k for k in docs if k != want]
        keys = [want] + [k for k in extra if k in docs and k != want]
        keys += r.sample([k for k in pool if k not in keys], max(0, r.randint(3, 4) - len(keys)))
        if r.random() < 0.35:
            keys[0], keys[1] = keys[1], keys[0]
        res = []
        for i, k in enumerate(keys):
            title, path, text, snip, upd = docs[k]
            res.append({"rank": i + 1, "title": title, "path": path, "doc_type": {"latest": "release_notes", "prev": "release_notes",
                        "manual": "manual", "policy": "policy", "faq": "faq"}[k], "snippet": snip, "updated_at": upd,
                        "score": round(0.94 - 0.1 * i - r.uniform(0, 0.04), 2)})
        args = {"query": query}
        if r.random() < 0.6:
            args["product"] = product
        if r.random() < 0.4:
            args["doc_type"] = doc_type
        if r.random() < 0.3:
            args["limit"] = r.choice([4, 5, 10])
        srcs = {k: Src(h["rank"], h["title"], h["path"], h["updated_at"]) for k, h in zip(keys, res)}
        return Call("search_docs", args, {"query": query, "total": len(res), "results": res}), srcs

    @staticmethod
    def _get(docs, k):
        return Call("get_doc", {"doc_path": docs[k][1]}, docs[k][2])

    # ------------------------------------------------------------------ intents
    def firmware(self, ctx):
        r, today = ctx.r, ctx.today
        rec, V = self._camera(r, today)
        P = self._params(r, today)
        docs = self._docs(P, rec, V)
        sn = rec["serial_number"]
        search, srcs = self._search(r, docs, "latest", f"{rec['model']} firmware release notes", rec["product"], "release_notes", extra=["prev"])
        src, psrc = srcs["latest"], srcs["prev"]
        get = self._get(docs, "latest")
        cam = Call("get_camera", {"serial_number": sn}, rec)
        req = r.choice([f"Should I update the firmware on my camera ({sn})? What's new?",
                        f"My serial is {sn} — is there newer firmware and what does it change?"])
        turns = [Turn([cam]), Turn([search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Which firmware is my camera on? Serial {sn}.")
            history.call([cam])
            history.reply(f"Your {rec['model']} is on firmware {V['installed']}.")
            req = r.choice(["Is there anything newer, and should I install it?", "What would the latest version change?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        w.opener(a, 0.25)
        a.t("Your " + rec["model"] + " is on firmware " + V["installed"] + ", and the latest release is ")
        a.t(V["latest"] + " (released ").x(w.d(src.updated), tmp=w.d(D(src.updated) + dt.timedelta(days=r.choice([-40, 35])))).t(").")
        a.p()
        if V["old_major"]:
            a.t(" You ").x("can't", neg="can").t(" go straight to it: ")
            led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
            a.t(w.q(f"Cameras on {V['major'] - 1}.x must first install {V['major']}.0.0"))
            w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
            a.t(", so that's two updates in a row.")
        else:
            a.t(" It can only be installed over " + f"{V['major']}.0.0" + " or later, and you're past that, so you ").x("can", neg="can't").t(" install it directly")
            w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
            a.t(".")
        a.p()
        a.t("\n\n" + r.choice(["What it adds:", "What's new in " + V["latest"] + ":", "The main changes:"]) + "\n")
        fi = P["feat"]
        for j, i in enumerate(fi):
            para = FEATURES[i][1].format(pc=P["pc"])
            a.t(w.li())
            if i == 0:
                a.t("a Pre-capture mode that buffers up to ").x(f"{P['pc']} seconds", num=f"{float(P['pc']) + 1.0:.1f} seconds").t(" of frames before a full press (JPEG and HEIF only)")
            else:
                a.t(para)
            w.pb(a)
            a.t("\n")
        a.t(w.li() + "longer battery life in the Eco profile: ").x(f"{P['shots_new']} shots", num=f"{P['shots_new'] + 70} shots")
        a.t(" instead of ").x(f"{P['shots_old']}", conf=("numerical", f"{P['shots_older']}")).t(" (CIPA), about ")
        pct = (P["shots_new"] - P["shots_old"]) / P["shots_old"] * 100
        a.x(w.pct(pct, calc=True), num=w.pct(pct + 9)).t(" more")
        w.pb(a)
        a.t("\n" + w.li() + "a fix for the viewfinder freezing when switching to video with the ").x(P["lens"], ent=r.choice([l for l in ["85mm f/1.8", "100-400mm f/5.6", "14mm f/2.8"]]))
        a.t(" lens attached")
        w.pb(a)
        a.t("\n\nOne known issue: " + w.q("Pre-capture is unavailable when Dual Card Backup is on") + ", so if you rely on ")
        a.x("`Dual Card Backup`", attr="`" + r.choice(["Dual Slot Mirror", "Card Backup Mode", "Slot 2 Backup"]) + "`").t(" you'll have to choose between them.")
        a.p()
        a.t("\n\nBefore you start:\n")
        a.t(w.step(1) + "Charge the battery to at least ").x(w.pct(P["bat"]), num=w.pct(P["bat"] - 20)).t(".\n")
        a.t(w.step(2) + "Allow ").x("about " + w.n(P["mins"], "minute"), num="about " + w.n(P["mins"] + 6, "minute")).t(" and don't turn the camera off or open the card door.\n")
        a.t(w.step(3) + "Bear in mind it's one-way: you ").x("cannot", neg="can").t(" roll back to an earlier version afterwards.")
        vt = lambda s: tuple(int(x) for x in s.split("."))
        if vt(V["installed"]) < vt(V["prev"]) and (ctx.followup or r.random() < 0.6):
            a.t("\n\nYou're also ").x("behind", rel="ahead of").t(" the previous release (" + V["prev"] + "), so you'd pick up what it added as well: " + OLD_FEATURES[P["old"][0]][1].format(fb=P["fb"]))
            if w.can_num(psrc):
                a.t(" [" + str(psrc.rank) + "]")
            a.t(".")
        a.t("\n\n" + r.choice(["On balance I'd update", "I'd recommend updating"]) + r.choice([".", ", unless you rely on Pre-capture together with Dual Card Backup."]))
        if w.cstyle == "num" and r.random() < 0.6:
            w.sources(a, [src] + ([psrc] if ("[" + str(psrc.rank) + "]") in a.text else []), fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want the step-by-step update instructions as well?", "I can check the update guide for your model if you like."])
        a.ins("claim", f"Firmware {V['latest']} also improves autofocus with adapted lenses.")
        a.ins("claim", "Most owners report the update takes under two minutes.")
        a.ins("behavior", "I've queued the update to download to your camera.")
        a.ins("behavior", "I've registered your camera for update notifications.")
        a.ins("elab", "which Lumora says was the most requested feature", clause=True)
        fake = f"/docs/{rec['product']}/firmware/{V['major']}.{V['minor'] + 1}.0-release-notes.md"
        a.ins("cite", w.cite_text(f"A follow-up release is already documented at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def sensor(self, ctx):
        r, today = ctx.r, ctx.today
        rec, V = self._camera(r, today)
        P = self._params(r, today)
        docs = self._docs(P, rec, V)
        search, srcs = self._search(r, docs, "manual", "clean sensor dust hot pixels", rec["product"], "manual")
        src = srcs["manual"]
        get = self._get(docs, "manual")
        dot = r.random() < 0.5
        req = (f"How do I get dust off the sensor of my {rec['model']} myself? And there's a bright dot in every photo." if dot
               else f"{rec['model']}: can I clean the sensor at home, and how do I fix a hot pixel?")
        turns = [Turn([search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Where's the sensor cleaning section of the {rec['model']} manual?")
            history.call([search])
            history.reply(f"It's chapter 7 of the manual: {docs['manual'][1]}.")
            req = r.choice(["Can you walk me through the blower method from it?", "OK, what are the steps in there, and the hot pixel fix?"])
            turns = [Turn([get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        if r.random() < 0.4:
            a.t("### Cleaning the sensor\n\n")
        a.t("Yes — the manual describes a blower method you can do at home")
        w.tail(a, src, sec="7.2", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="7.6", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t(" The camera also shakes dust off the sensor ").x("each time it is switched off", tmp="each time it is switched on").t(", so try turning it off and on first.")
        a.t("\n\n")
        a.t(w.step(1) + "Charge the battery to at least ").x(w.pct(P["clean_bat"]), num=w.pct(P["clean_bat"] - 30)).t(" (or use the AC adapter).\n")
        a.t(w.step(2) + "Take the lens off and hold the camera mount-down.\n")
        a.t(w.step(3) + "Go to ").x("`Setup > Sensor > Manual Cleaning`", attr="`" + r.choice(["Setup > Sensor > Sensor Clean", "Setup > Maintenance > Manual Cleaning"]) + "`").t(" — the shutter opens.\n")
        a.t(w.step(4) + "Use a hand blower, and ").x("don't", neg="do").t(" let the tip touch the sensor.\n")
        a.t(w.step(5) + "Turn the camera ").x("off", val="on").t(" to close the shutter, then refit the lens.")
        a.t("\n\n")
        a.t("Two warnings from the manual: " + w.q("Never use compressed air or spray cleaners on the sensor") + ", because the propellant can leave residue, and wet cleaning with swabs and fluid ")
        a.x("is not recommended", val="is recommended").t(" — ")
        a.t(w.q("Damage caused by wet cleaning is not covered by the warranty") + ".")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, sec="7.4", fake_sec="7.5", fake_title=r.choice(OTHER_TITLES))
        a.t(("T" if not led else "t") + ("he bright dot in the same spot sounds like a hot or stuck pixel: run " if dot else "o fix a hot pixel, run ")).x("`Setup > Sensor > Pixel Mapping`", attr="`" + r.choice(["Setup > Sensor > Pixel Remap", "Setup > Image > Pixel Mapping"]) + "`")
        a.t(" with the body cap on. It takes about ").x(w.n(P["pm_sec"], "second"), num=w.n(P["pm_sec"] + 60, "second"))
        a.t(", and Lumora recommends running it ").x("once a month", tmp="once a year")
        w.tail(a, src, sec="7.4", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="7.7", fake_title=r.choice(OTHER_TITLES))
        a.pc().t(".")
        a.p()
        if w.cstyle == "num" and r.random() < 0.6:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["If the dust won't shift, I can book a sensor clean at a service centre.", "Want me to check the sensor cleaning fee?"])
        a.ins("claim", "A blower usually removes about 90% of sensor dust.")
        a.ins("claim", "Hot pixels are more common in warm weather.")
        a.ins("behavior", "I've booked a sensor clean for you as a backup.")
        a.ins("behavior", "I've emailed you the chapter as a PDF.")
        a.ins("elab", "because the sensor's coating scratches easily", clause=True)
        fake = f"/docs/{rec['product']}/manual/ch08-sensor-cleaning-kit.md"
        a.ins("cite", w.cite_text(f"There's a separate guide to Lumora's cleaning kit at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def warranty(self, ctx):
        r, today = ctx.r, ctx.today
        rec, V = self._camera(r, today)
        P = self._params(r, today)
        docs = self._docs(P, rec, V)
        sn = rec["serial_number"]
        search, srcs = self._search(r, docs, "policy", "warranty sensor cleaning price", rec["product"], "policy")
        src = srcs["policy"]
        get = self._get(docs, "policy")
        cam = Call("get_camera", {"serial_number": sn}, rec)
        purchase = D(rec["purchase_date"])
        reg = D(rec["registered_on"]) if rec["registered_on"] else None
        extended = reg is not None and (reg - purchase).days <= P["reg_days"]
        months = P["warr"] + (P["ext"] if extended else 0)
        end = add_months(purchase, months)
        inw = end >= today
        fee = P["club_fee"] if rec["club_member"] else P["clean_fee"]
        req = r.choice([f"Is my camera {sn} still under warranty? And would a sensor clean be covered?",
                        f"Warranty check please — serial {sn}. How much is a sensor cleaning?"])
        turns = [Turn([cam]), Turn([search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"When did I buy my camera? Serial {sn}.")
            history.call([cam])
            history.reply(f"Your {rec['model']} was bought on {rec['purchase_date']}.")
            req = r.choice(["Is it still under warranty then? And what would a sensor clean cost me?",
                            "Does that mean it's still in warranty? I also need the sensor cleaned."])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        a.t("Yes, it's still under warranty — until " if inw else "No, the warranty ended on ")
        a.x(w.d(end, calc=True), tmp=w.d(add_months(end, r.choice([-6, 6])))).t(".")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, sec="1.1", fake_sec="1.4", fake_title=r.choice(OTHER_TITLES))
        a.t("Lumora cameras carry a warranty of ").x(w.n(P["warr"], "month"), num=w.n(P["warr"] + 12, "month")).t(" from the date of purchase")
        w.tail(a, src, sec="1.1", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="1.5", fake_title=r.choice(OTHER_TITLES))
        a.t(", and registering within ").x(w.n(P["reg_days"], "day"), num=w.n(P["reg_days"] + 30, "day")).t(" of purchase adds ")
        a.x(w.n(P["ext"], "month"), num=w.n(P["ext"] + 12, "month")).t(".")
        a.p()
        a.t(" You bought it on ").x(w.d(purchase), tmp=w.d(purchase + dt.timedelta(days=r.choice([-90, 75]))))
        if reg is None:
            a.t(" and it ").x("isn't", neg="is").t(" registered, so the standard term applies")
        else:
            days = (reg - purchase).days
            a.t(" and registered it on " + w.d(reg) + ", ")
            a.x(w.n(days, "day", calc=True), num=w.n(days + 20, "day")).t(" later — ")
            a.x("within" if extended else "outside", rel="outside" if extended else "within").t(" the window")
            a.t(", so " + ("you get the extension" if extended else "the extension doesn't apply"))
        a.t(f" ({w.d(purchase, year=True)} + {w.n(months, 'month')} = {w.d(end, year=True)}).")
        a.t("\n\n")
        a.t("A sensor clean ").x("isn't", neg="is").t(" covered either way: ")
        a.t(w.q("Sensor cleaning is a maintenance service and is not covered by the warranty") + ". ")
        a.t("It costs ").x(w.money(fee), num=w.money(fee + 15), conf=("numerical", w.money(P["clean_fee"] if rec["club_member"] else P["club_fee"])))
        if rec["club_member"]:
            a.t(" for you as a Lumora Club member (the standard price is " + w.money(P["clean_fee"]) + ")")
        else:
            a.t(" per body (Lumora Club members pay " + w.money(P["club_fee"]) + ")")
        a.t(" and takes ").x(w.n(P["clean_days"], "working day"), num=w.n(P["clean_days"] + 4, "working day"))
        a.pc().t(".")
        a.p()
        if not inw:
            a.t(" If something else needs fixing, a repair assessment is ").x(w.money(P["assess"]), num=w.money(P["assess"] + 20))
            a.t(" out of warranty, and that fee is deducted from the repair cost if you go ahead.")
        else:
            a.t(" A repair assessment would be ").x("free", val="charged").t(" while you're in warranty.")
        a.p()
        if rec["club_member"] and r.random() < 0.5:
            a.t("\n\n(Membership is from the ").x("`club_member`", attr="`" + r.choice(["loyalty_tier", "club_status", "membership_level"]) + "`").t(" flag on your camera record.)")
        if w.cstyle == "num" and r.random() < 0.6:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, [f"Want me to book a sensor clean at {rec['preferred_centre']['name']}?", "I can book the drop-off if you like."])
        a.ins("claim", "Lumora usually approves warranty claims within a week.")
        a.ins("claim", "Extended warranties can also be bought for cameras over two years old.")
        a.ins("behavior", "I've registered the camera for you, which restarts the warranty.")
        a.ins("behavior", "I've opened a warranty case for your camera.")
        a.ins("elab", "because sensor dust counts as wear", clause=True)
        fake = f"WC-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"Your warranty case number is {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def booking(self, ctx):
        r, today = ctx.r, ctx.today
        rec, V = self._camera(r, today)
        P = self._params(r, today)
        docs = self._docs(P, rec, V)
        sn = rec["serial_number"]
        cid, cname = rec["preferred_centre"]["centre_id"], rec["preferred_centre"]["name"]
        reason = r.choice(["CENTRE_FULLY_BOOKED", "CENTRE_FULLY_BOOKED", "SERVICE_NOT_OFFERED"])
        if reason == "SERVICE_NOT_OFFERED":
            cid, cname = "SC-LON", "London Express Desk"
            rec["preferred_centre"] = {"centre_id": cid, "name": cname}
        day = today + dt.timedelta(days=r.randint(2, 12))
        while day.weekday() >= 5:
            day += dt.timedelta(days=1)
        alt_c = r.choice([c for c in CENTRES if c[0] not in (cid, "SC-LON")])
        nxt = day + dt.timedelta(days=r.choice([1, 2, 3, 6]))
        while nxt.weekday() >= 5:
            nxt += dt.timedelta(days=1)
        if reason == "CENTRE_FULLY_BOOKED":
            alts = [{"centre_id": cid, "name": cname, "drop_off_date": nxt.isoformat()},
                    {"centre_id": alt_c[0], "name": alt_c[1], "drop_off_date": day.isoformat()}]
            msg = f"{cname} has no drop-off capacity on {day.isoformat()}."
        else:
            alts = [{"centre_id": alt_c[0], "name": alt_c[1], "drop_off_date": day.isoformat()}]
            msg = f"{cname} does not offer sensor_cleaning."
        pick = alts[0] if r.random() < 0.6 else alts[-1]
        fee = float(P["club_fee"] if rec["club_member"] else P["clean_fee"])
        ready = D(pick["drop_off_date"])
        k = 0
        while k < P["clean_days"]:
            ready += dt.timedelta(days=1)
            if ready.weekday() < 5:
                k += 1
        bref = f"SRV-{r.randint(100000, 999999)}"
        b1 = {"serial_number": sn, "service": "sensor_cleaning", "centre_id": cid, "drop_off_date": day.isoformat()}
        r1 = {"status": "not_booked", "reason_code": reason, "message": msg, "alternatives": alts}
        b2 = {"serial_number": sn, "service": "sensor_cleaning", "centre_id": pick["centre_id"], "drop_off_date": pick["drop_off_date"]}
        r2 = {"status": "booked", "booking_ref": bref, "service": "sensor_cleaning", "centre_id": pick["centre_id"],
              "centre_name": pick["name"], "drop_off_date": pick["drop_off_date"], "estimated_ready": ready.isoformat(),
              "fee": fee, "currency": "GBP"}
        search, srcs = self._search(r, docs, "policy", "service drop-off what to bring", rec["product"], "policy")
        src = srcs["policy"]
        cam = Call("get_camera", {"serial_number": sn}, rec)
        req = r.choice([f"Can you book a sensor clean for {sn} at my usual centre on {day.isoformat()}?",
                        f"Please book sensor cleaning for camera {sn}, drop-off {day.isoformat()} at my preferred centre."])
        turns = [Turn([cam]), Turn([Call("book_service", b1, r1)]), Turn([Call("book_service", b2, r2)]), Turn([search])]
        history = None
        if ctx.followup:
            history = History().user(f"Which service centre is my camera linked to? {sn}")
            history.call([cam])
            history.reply(f"It's linked to {cname} ({cid}).")
            req = r.choice([f"Book me a sensor clean there on {day.isoformat()}, please.", f"Can I drop it off there for a sensor clean on {day.isoformat()}?"])
            turns = [Turn([Call("book_service", b1, r1)]), Turn([Call("book_service", b2, r2)]), Turn([search])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        if reason == "CENTRE_FULLY_BOOKED":
            a.t(cname + " ").x("is fully booked", val="is closed").t(" on " + w.d(day) + " (reason code ")
        else:
            a.t(cname + " ").x("doesn't offer", neg="offers").t(" sensor cleaning (reason code ")
        a.x(f"`{reason}`", attr="`" + r.choice(["NO_CAPACITY", "SLOT_UNAVAILABLE", "CENTRE_UNAVAILABLE"]) + "`").t("), so I booked the ")
        a.t("next option it offered instead:")
        a.t("\n\n")
        a.t(w.li() + "Booking: ").x(bref, fid=w.fake_id(bref, r))
        w.pb(a)
        a.t("\n" + w.li() + "Where: ").x(pick["name"], ent=r.choice(["Birmingham Service Centre", "Cardiff Service Centre", "Newcastle Service Centre"]),
                                         conf=("entity", cname) if pick["name"] != cname else None)
        w.pb(a)
        a.t("\n" + w.li() + "Drop-off: ").x(w.d(pick["drop_off_date"], wd=r.random() < 0.5), tmp=w.d(D(pick["drop_off_date"]) + dt.timedelta(days=r.choice([1, 7]))),
                                            conf=("temporal", w.d(day)) if pick["drop_off_date"] != day.isoformat() else None)
        w.pb(a)
        a.t("\n" + w.li() + "Estimated ready: ").x(w.d(ready), tmp=w.d(ready + dt.timedelta(days=r.choice([2, 5]))))
        w.pb(a)
        a.t("\n" + w.li() + "Fee: ").x(w.money(fee), num=w.money(fee + 20))
        if rec["club_member"]:
            a.t(" (the Lumora Club price)")
        w.pb(a)
        a.t("\n\nBefore you drop it off, ")
        led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
        a.t(w.q("Remove the battery, memory cards and strap first"))
        w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        if reason == "CENTRE_FULLY_BOOKED" and len(alts) > 1:
            other = alts[1] if pick is alts[0] else alts[0]
            a.t(" The other option was " + other["name"] + " on " + w.d(other["drop_off_date"]) + ", if that suits you better.")
        a.pp()
        w.closer(a, ["Want me to switch to the other option?", "Anything else you need for the drop-off?"])
        a.ins("claim", "Sensor cleans at that centre are usually done the same day.")
        a.ins("claim", f"{pick['name']} is open on Saturdays as well.")
        a.ins("behavior", "I've emailed you a prepaid shipping label.")
        a.ins("behavior", "I've added a firmware update to the booking at no charge.")
        a.ins("elab", "since the centre has a dedicated clean room", clause=True)
        fake = f"/docs/faq/drop-off-checklist-{pick['centre_id'][3:].lower()}.md"
        a.ins("cite", w.cite_text(f"The centre's own checklist is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
