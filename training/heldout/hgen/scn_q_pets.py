"""pet_licensing (set q): the correspondence assistant of the Town of Riverbend's Animal Services counter — drafts
replies about dog and cat licence renewals from the owner's licence account, the fee schedule of the Animal Control
By-law (a plain-text file fetched by path, numbered sections) and the licensing system (a renewal refused by design when
a rabies certificate has lapsed — reason code and a provisional-licence alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_arr, s_obj, s_str
from .qstyle import Clerk, vet

BASE = "https://services.riverbend.example/animal/v2"
SCHED = "/docs/fees/animal-licensing-2026.txt"
OWNERS = [("Ms.", "Chantal", "Leblanc"), ("Mr.", "Arjun", "Mehta"), ("Ms.", "Siobhan", "Murphy"), ("Mr.", "Kwame", "Asante"),
          ("Ms.", "Hélène", "Côté"), ("Mr.", "Tomasz", "Nowak"), ("Ms.", "Aiyana", "Whitehorse")]
FAKE_NAMES = ["Lavoie", "Kowalczyk", "Okafor", "Desrosiers", "Halvorsen"]
DOGS = ["Maple", "Biscuit", "Juno", "Moose", "Poutine", "Luna", "Scout"]
CATS = ["Tigger", "Mittens", "Clementine", "Oreo", "Pepper", "Sable"]
FAKE_PETS = ["Rocky", "Nala", "Ziggy"]
STREETS = ["Mill Road", "Riverside Drive", "Elgin Street", "Rue Principale", "Cedar Court", "Orchard Lane"]
OFFICE = "Customer Service Office\nAnimal Services, Town of Riverbend"


class PetLicensing(Scenario):
    name = "pet_licensing"
    agent = "riverbend-correspondence-assistant"
    service = "riverbend-animal-licensing"
    system = ("You are the correspondence assistant of the Animal Services counter of the Town of Riverbend. Draft the reply "
              "e-mail to the pet owner: a Subject line, a salutation, short numbered paragraphs with the owner account and tag "
              "numbers, the by-law and schedule sections that apply, the fees worked out in words, and a closing from the "
              "Customer Service Office. Use only the licence account, the fee schedule and the licensing system's answers.")
    error_style = 1
    entity_noun = {"owner_id": "Owner account", "file_path": "File", "tag_numbers": "Tag"}
    preambles = ["Looking up the licence account.", "Let me check the account and the fee schedule.", "Checking the licences."]

    def __init__(self):
        self.tools = [
            Tool("get_owner_account", "A pet owner's licence account: owner, address, licensed animals with tag numbers, "
                                      "licence expiry, spay/neuter status and rabies certificate, and the fee schedule file.",
                 s_obj({"owner_id": s_str("Owner account, e.g. 'PO-204118'.", pattern=r"^PO-\d{6}$"),
                        "include_inactive": {"type": "boolean", "description": "Include animals no longer licensed."}}, ["owner_id"]),
                 entity={"owner_id": "id"}, http=BASE, extra=[("expand", "all")]),
            Tool("read_schedule", "A fee schedule file of the Animal Control By-law (plain text, numbered sections).",
                 s_obj({"file_path": s_str("Path, e.g. '/docs/fees/animal-licensing-2026.txt'.", pattern=r"^/docs/fees/[a-z0-9-]+\.txt$")},
                       ["file_path"]),
                 entity={"file_path": "path"}, http=BASE, extra=[("encoding", "latin-1")]),
            Tool("renew_licences", "Renew the licences of one or more animals and charge the owner's payment method. A renewal "
                                   "the by-law does not allow is refused with a reason code and an alternative.",
                 s_obj({"owner_id": s_str("Owner account.", pattern=r"^PO-\d{6}$"),
                        "tag_numbers": s_arr("Tags to renew.", s_str("Tag, e.g. 'RB-D-04412'.", pattern=r"^RB-[DC]-\d{5}$"), 1, 4),
                        "payment_method": s_str("Payment method.", enum=["card_on_file", "pre_authorized_debit", "invoice"])},
                       ["owner_id", "tag_numbers", "payment_method"]),
                 entity={"owner_id": "id", "tag_numbers": "id"}, http=BASE, extra=[("send_receipt", True)]),
        ]
        self.intents = [("renewal_quote", self.quote, True), ("renewal", self.renew, True)]

    def _data(self, r, today):
        title, first, last = r.choice(OWNERS)
        oid = f"PO-{r.randint(100000, 999999)}"
        dog = {"tag_number": f"RB-D-{r.randint(10000, 99999)}", "name": r.choice(DOGS), "species": "dog",
               "spayed_neutered": r.random() < 0.6}
        second_dog = r.random() < 0.35
        other = {"tag_number": f"RB-{'D' if second_dog else 'C'}-{r.randint(10000, 99999)}",
                 "name": r.choice([n for n in (DOGS if second_dog else CATS) if n != dog["name"]]),
                 "species": "dog" if second_dog else "cat", "spayed_neutered": r.random() < 0.5}
        late = r.random() < 0.5
        dog["licence_expires"] = (today - dt.timedelta(days=r.randint(35, 80) if late else r.randint(2, 25))).isoformat()
        other["licence_expires"] = (today + dt.timedelta(days=r.randint(5, 40))).isoformat()
        lapsed = r.random() < 0.4
        for p in (dog, other):
            p["rabies_valid_until"] = (today + dt.timedelta(days=r.randint(60, 500))).isoformat()
        if lapsed:
            dog["rabies_valid_until"] = (today - dt.timedelta(days=r.randint(10, 90))).isoformat()
        acct = {"owner_id": oid, "owner": {"title": title, "first_name": first, "last_name": last},
                "address": f"{r.randint(5, 890)} {r.choice(STREETS)}, Riverbend", "animals": [dog, other],
                "fee_schedule_file": SCHED, "payment_method_on_file": r.choice(["card_on_file", "pre_authorized_debit"])}
        fees = {("dog", True): r.choice([30.0, 35.0]), ("dog", False): r.choice([60.0, 70.0]),
                ("cat", True): r.choice([15.0, 20.0]), ("cat", False): r.choice([35.0, 40.0])}
        P = {"fees": fees, "late": r.choice([25.0, 20.0]), "grace": 30, "prov": r.choice([14, 21])}
        return acct, P, late, lapsed

    def _schedule(self, P):
        f = P["fees"]
        return ("TOWN OF RIVERBEND\nANIMAL CONTROL BY-LAW 2023-042, SCHEDULE A: LICENCE FEES (2026)\n\n"
                "2. Annual licence fees\n"
                f"2(1) Dog, spayed or neutered: ${f[('dog', True)]:.2f}\n"
                f"2(2) Dog, not spayed or neutered: ${f[('dog', False)]:.2f}\n"
                f"2(3) Cat, spayed or neutered: ${f[('cat', True)]:.2f}\n"
                f"2(4) Cat, not spayed or neutered: ${f[('cat', False)]:.2f}\n\n"
                "4. Late renewal\n"
                f"4(1) A licence renewed more than {P['grace']} days after it expired carries a late fee of ${P['late']:.2f} per animal.\n\n"
                "6. Rabies vaccination\n"
                "6(1) A licence is renewed only on proof of a current rabies vaccination.\n"
                f"6(2) Where the certificate has lapsed, a provisional licence valid for {P['prov']} days may be issued at no charge.\n")

    @staticmethod
    def _sec(p):
        return {("dog", True): "2(1)", ("dog", False): "2(2)", ("cat", True): "2(3)", ("cat", False): "2(4)"}[(p["species"], p["spayed_neutered"])]

    @staticmethod
    def _desc(p):
        return ("a spayed or neutered " if p["spayed_neutered"] else "an unaltered ") + p["species"]

    def _calls(self, r, acct, P):
        args = {"owner_id": acct["owner_id"]}
        if r.random() < 0.4:
            args["include_inactive"] = False
        return Call("get_owner_account", args, acct), Call("read_schedule", {"file_path": SCHED}, self._schedule(P))

    def _history(self, acct, call):
        h = History().user(f"Could you open owner account {acct['owner_id']}? The owner is asking about renewing.")
        h.call([call])
        h.reply(f"{acct['owner_id']} belongs to {acct['owner']['first_name']} {acct['owner']['last_name']}; two animals are licensed: "
                + " and ".join(p["name"] for p in acct["animals"]) + ".")
        return h

    def _fees_paras(self, a, w, r, acct, P, today, late):
        dog, other = acct["animals"]
        f1, f2 = P["fees"][(dog["species"], dog["spayed_neutered"])], P["fees"][(other["species"], other["spayed_neutered"])]
        w.para(a)
        a.t("Our records show two animals licensed to you at " + acct["address"] + ": ")
        a.x(dog["name"], ent=r.choice(FAKE_PETS), conf=("entity", other["name"])).t(", " + self._desc(dog) + " (tag ")
        a.x(dog["tag_number"], fid=w.fake_id(dog["tag_number"], r)).t("), whose licence expired on ")
        a.x(w.d(dog["licence_expires"]), tmp=w.d(D2(dog["licence_expires"], 18))).t(", and " + other["name"] + ", " + self._desc(other)
                                                                                     + " (tag " + other["tag_number"] + "), whose licence ")
        a.x("expires", neg="expired").t(" on " + w.d(other["licence_expires"]) + ".")
        a.p()
        w.para(a)
        s1, s2 = self._sec(dog), self._sec(other)
        a.t("Under Schedule A of the Animal Control By-law 2023-042" + w.fr("règlement sur le contrôle des animaux")
            + ", the annual fee is ").x(w.money(f1), num=w.money(f1 + 15)).t(" for " + dog["name"] + " (").x("s. " + s1, sec="s. 2(" + str(r.choice([5, 6, 7])) + ")")
        a.t(") and " + w.money(f2) + " for " + other["name"] + " (s. " + s2 + ").")
        a.p()
        days = (today - dt.date.fromisoformat(dog["licence_expires"])).days
        w.declare(days)
        total = f1 + f2 + (P["late"] if late else 0)
        w.para(a)
        a.t(dog["name"] + "'s licence expired " + w.n(days, "day") + " ago, ")
        if late:
            a.x("more than", rel="fewer than").t(" the " + str(P["grace"]) + " days allowed by s. 4(1), so a late fee of ")
            a.x(w.money(P["late"]), num=w.money(P["late"] + 25)).t(" applies. " + w.money(f1) + " plus " + w.money(f2) + " plus the "
                                                                    + w.money(P["late"]) + " late fee comes to ")
        else:
            a.x("within", rel="beyond").t(" the " + str(P["grace"]) + " days allowed by s. 4(1), so ")
            a.x("no late fee applies", neg="a late fee applies").t(". " + w.money(f1) + " plus " + w.money(f2) + " comes to ")
        a.x(w.money(total, calc=True), num=w.money(total + 30)).t(" for both renewals")
        a.pc().t(".")
        a.p()
        return total

    def quote(self, ctx):
        r, today = ctx.r, ctx.today
        acct, P, late, lapsed = self._data(r, today)
        ca, cb = self._calls(r, acct, P)
        o = acct["owner"]
        req = r.choice([f"Owner account {acct['owner_id']} ({o['first_name']} {o['last_name']}) asks what it will cost to renew both "
                        "licences. Please draft the reply.",
                        f"Please draft a reply to {o['first_name']} {o['last_name']}, account {acct['owner_id']}, with the renewal fees for the animals."])
        turns = [Turn([ca]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(acct, ca)
            req = r.choice(["What would renewing both cost? Please draft the reply.", "Draft the reply with the renewal fees, please."])
            turns = [Turn([cb])]
        w = Clerk(r, today, OFFICE)
        a = A()
        w.subject(a, "Licence renewal fees, owner account ", (acct["owner_id"], {"fid": w.fake_id(acct["owner_id"], r)}))
        w.dear(a, o["title"], o["first_name"], o["last_name"], ent=r.choice(FAKE_NAMES))
        self._fees_paras(a, w, r, acct, P, today, late)
        dog = acct["animals"][0]
        w.para(a)
        a.t("Please note that under s. 6(1) a licence can only be renewed on proof of a current rabies vaccination. ")
        if lapsed:
            a.t(dog["name"] + "'s certificate ").x("lapsed", neg="is still valid").t(" on " + w.d2(dog["rabies_valid_until"])
                                                                                 + ", so an updated certificate will be needed first")
        else:
            a.t(dog["name"] + "'s certificate is ").x("valid", val="lapsed").t(" until " + w.d2(dog["rabies_valid_until"]))
        a.pc().t(".")
        a.p()
        w.para(a)
        pm = acct["payment_method_on_file"]
        a.t("The renewal can be charged to the payment method on file (").x(pm, attr={"card_on_file": "credit_card_saved", "pre_authorized_debit": "auto_debit"}[pm]).t(").")
        a.p()
        w.close(a, ["Please reply to this e-mail to confirm the renewal.", "We would be happy to process the renewal on your instruction."])
        a.ins("claim", "Licence fees in Riverbend have not changed since 2021.")
        a.ins("claim", "Licensed dogs that are found at large are returned home free of charge.")
        a.ins("behavior", "We have already reserved new tags for both animals.")
        a.ins("behavior", "A paper renewal form has been mailed to your address.")
        a.ins("elab", "as the renewal notice was returned undelivered" if late else "as the renewal notice was sent early this year", clause=True)
        fake = f"RN-{today.year}-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"Your renewal notice was issued as {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def renew(self, ctx):
        r, today = ctx.r, ctx.today
        acct, P, late, lapsed = self._data(r, today)
        ca, cb = self._calls(r, acct, P)
        o = acct["owner"]
        dog, other = acct["animals"]
        f1, f2 = P["fees"][(dog["species"], dog["spayed_neutered"])], P["fees"][(other["species"], other["spayed_neutered"])]
        total = f1 + f2 + (P["late"] if late else 0)
        pm = acct["payment_method_on_file"]
        args = {"owner_id": acct["owner_id"], "tag_numbers": [dog["tag_number"], other["tag_number"]], "payment_method": pm}
        if lapsed:
            prov_end = today + dt.timedelta(days=P["prov"])
            res = {"status": "refused", "reason_code": "RABIES_CERT_LAPSED", "tag_number": dog["tag_number"],
                   "message": f"Rabies certificate for {dog['tag_number']} lapsed on {dog['rabies_valid_until']}.",
                   "alternative": {"option": "provisional_licence", "valid_until": prov_end.isoformat(), "fee": 0.0}}
        else:
            rc = f"RC-{today.year}-{r.randint(10000, 99999)}"
            res = {"status": "renewed", "receipt_number": rc, "amount_charged": total, "payment_method": pm,
                   "new_expiry": dt.date(today.year + 1, today.month, min(today.day, 28)).isoformat()}
        cc = Call("renew_licences", args, res)
        req = r.choice([f"Please renew both licences on owner account {acct['owner_id']} using the payment method on file, and draft the reply.",
                        f"{o['first_name']} {o['last_name']} ({acct['owner_id']}) wants both animals renewed. Process it and write back."])
        turns = [Turn([ca]), Turn([cb]), Turn([cc])]
        history = None
        if ctx.followup:
            history = self._history(acct, ca)
            req = r.choice(["Please renew both licences with the payment method on file and draft the reply.",
                            "Go ahead and renew both, then write to the owner."])
            turns = [Turn([cb]), Turn([cc])]
        w = Clerk(r, today, OFFICE)
        a = A()
        w.subject(a, "Licence renewal, owner account ", (acct["owner_id"], {"fid": w.fake_id(acct["owner_id"], r)}))
        w.dear(a, o["title"], o["first_name"], o["last_name"], ent=r.choice(FAKE_NAMES))
        self._fees_paras(a, w, r, acct, P, today, late)
        w.para(a)
        if lapsed:
            a.t("The renewal was ").x("refused", val="approved").t(" by the licensing system (reason code ")
            a.x("RABIES_CERT_LAPSED", attr=r.choice(["VACCINATION_EXPIRED", "RABIES_OVERDUE", "CERT_MISSING"])).t("), because "
                + dog["name"] + "'s rabies certificate lapsed on ").x(w.d2(dog["rabies_valid_until"]), tmp=w.d2(D2(dog["rabies_valid_until"], 30)))
            a.t(" (s. 6(1)). ")
            a.t("No payment ").x("was taken", neg="was refunded").t(".")
            a.p()
            w.para(a)
            a.t("As an alternative, s. 6(2) allows a provisional licence at no charge, valid until ")
            a.x(w.d(res["alternative"]["valid_until"]), tmp=w.d(D2(res["alternative"]["valid_until"], 7))).t("; please send us a current certificate before then")
            a.pc().t(".")
            a.p()
        else:
            a.t("Both licences have been ").x("renewed", val="put on hold").t(" and ").x(w.money(total), num=w.money(total + 20)).t(" was charged to the payment method on file (")
            a.x(pm, attr={"card_on_file": "credit_card_saved", "pre_authorized_debit": "auto_debit"}[pm]).t("). Your receipt number is ")
            a.x(res["receipt_number"], fid=w.fake_id(res["receipt_number"], r)).t(w.fr("reçu") + ", and the licences now run until " + w.d2(res["new_expiry"]))
            a.pc().t(".")
            a.p()
        w.close(a, ["Please reply to this e-mail if you have any questions."] if lapsed else
                ["Please keep this e-mail as proof of licence.", "Please reply to this e-mail if you have any questions."])
        a.ins("claim", "New tags will be mailed within five business days.")
        a.ins("claim", "Both animals are microchipped according to our records.")
        a.ins("behavior", "We have also updated your mailing address in the licensing system.")
        a.ins("behavior", "A reminder has been scheduled for next year's renewal.")
        a.ins("elab", "since the clinic has not yet sent us the new certificate" if lapsed else "as the fees were raised this year", clause=True)
        fake = f"RC-{today.year}-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"Last year's renewal was processed under receipt {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)


def D2(s, days):
    return dt.date.fromisoformat(str(s)[:10]) + dt.timedelta(days=days)
