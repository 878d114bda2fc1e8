#!/usr/bin/env python3
"""Deterministic generator of the held-out agent-run evaluation set (stdlib only).

    python3 training/heldout/generate.py [--out target/heldout] [--seed 20260611]
    python3 training/heldout/generate.py --set b        (second set: six more domains -> target/heldout-b)
    python3 training/heldout/generate.py --set c        (third set: six more domains, all validation -> target/heldout-c)
    python3 training/heldout/generate.py --set d        (fourth set: six further domains, all validation -> target/heldout-d)
    python3 training/heldout/generate.py --set e        (fifth set: six further domains, all validation -> target/heldout-e)
    python3 training/heldout/generate.py --set f        (sixth set: six further domains, all validation -> target/heldout-f)
    python3 training/heldout/generate.py --set g        (seventh set: six further domains, half validation -> target/heldout-g)
    python3 training/heldout/generate.py --set h        (eighth set: six further domains, half validation -> target/heldout-h)
    python3 training/heldout/generate.py --set i        (ninth set: six further domains, half validation -> target/heldout-i)
    python3 training/heldout/generate.py --set j        (tenth set: six further domains, half validation -> target/heldout-j)
    python3 training/heldout/generate.py --set k        (eleventh set: six further domains, half validation -> target/heldout-k)
    python3 training/heldout/generate.py --set l        (twelfth set: six further domains, half validation -> target/heldout-l)
    python3 training/heldout/generate.py --set m        (thirteenth set: six further domains, half validation -> target/heldout-m)
    python3 training/heldout/generate.py --set n        (fourteenth set: six further domains, half validation -> target/heldout-n)
    python3 training/heldout/generate.py --set o        (fifteenth set: six further domains, half validation -> target/heldout-o)
    python3 training/heldout/generate.py --set p        (sixteenth set: six further domains, half validation -> target/heldout-p)
    python3 training/heldout/generate.py --set q        (seventeenth set: six further domains, half validation -> target/heldout-q)
    python3 training/heldout/generate.py --set r        (eighteenth set: six further domains, half validation -> target/heldout-r)
    python3 training/heldout/generate.py --set s        (nineteenth set: six further domains, half validation -> target/heldout-s)
    python3 training/heldout/generate.py --set t        (twentieth set: six further domains, half validation -> target/heldout-t)
    python3 training/heldout/generate.py --set u        (twenty-first set: six further domains, half validation -> target/heldout-u)
    python3 training/heldout/generate.py --set v        (twenty-second set: six further domains, half validation -> target/heldout-v)
    python3 training/heldout/generate.py --set w        (twenty-third set: six further domains, half validation -> target/heldout-w)
    python3 training/heldout/generate.py --set x        (twenty-fourth set: six further domains, half validation -> target/heldout-x)
    python3 training/heldout/generate.py --set y        (twenty-fifth set: six further domains, half validation -> target/heldout-y)
    python3 training/heldout/generate.py --set z        (twenty-sixth set: six further domains, half validation -> target/heldout-z)
    python3 training/heldout/generate.py --set aa       (twenty-seventh set: six further domains, half validation -> target/heldout-aa)

Writes ``runs-000.jsonl ... runs-NNN.jsonl`` (one OTLP/JSON ExportTraceServiceRequest per line,
about 46 runs per file) and ``labels.jsonl`` in the format and with the label semantics of
/work/shared/data/agent-runs-dev (see README.md next to this file). Every run is built from a
scenario template, a clean answer, zero to two localized answer edits and at most one Stage-1
fault; all labels follow from those construction choices.
"""
from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import os
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from check_labels import validate  # noqa: E402
from hgen import faults, otlp  # noqa: E402
from hgen.common import EDIT_CATEGORY, INSERT_TYPES, REPLACE_TYPES, R  # noqa: E402

SEED = 20260611
RUNS_PER_SCENARIO = 40
N_FILES = 7
EDIT_TYPES = REPLACE_TYPES + INSERT_TYPES
EDITS_PER_TYPE = 11          # 14 types x 11 = 154 edit instances
DOUBLE_EDIT_RUNS_PER_SCENARIO = 2
EDITED_RUNS = 138            # 122 single-edit runs + 16 double-edit runs
FAULTS = (
    [("fabricated_id", True)] * 6 + [("fabricated_url", True)] * 3 + [("fabricated_path", True)] * 3
    + [("missing_required", True)] * 2 + [("wrong_type", True)] * 2 + [("enum_violation", True)] * 2
    + [("pattern_violation", True)] * 3 + [("range_violation", True)] * 2 + [("extra_property", True)] * 2
    + [("malformed_json", True)] * 2
    + [("fabricated_id", False)] * 6 + [("fabricated_url", False)] * 2 + [("fabricated_path", False)] * 2
    + [("enum_violation", False)] * 3 + [("pattern_violation", False)] * 2 + [("extra_property", False)] * 3
    + [("wrong_type", False)] * 2 + [("range_violation", False)] * 2)
DIALECTS_PER_SCENARIO = ["genai"] * 28 + ["openinference"] * 8 + ["openllmetry"] * 4
SPLIT_RUNS = 32
FOLLOWUP_SHARE = 0.3         # of genai runs in scenarios that have follow-up intents


SCENARIO_CLASSES = [("scn_banking", "Banking"), ("scn_clinic", "Clinic"), ("scn_crm", "Crm"), ("scn_hotel", "Hotel"),
                    ("scn_hr", "HrLeave"), ("scn_incidents", "Incidents"), ("scn_logistics", "Logistics"),
                    ("scn_portfolio", "Portfolio")]

# Set b: six further domains, built later (after set A's rules were developed) as a development set.
SCENARIO_CLASSES_B = [("scn_b_insurance", "Insurance"), ("scn_b_utility", "Utility"), ("scn_b_courses", "Courses"),
                      ("scn_b_rail", "Rail"), ("scn_b_saas", "SaasBilling"), ("scn_b_property", "Property")]
FAULTS_B = (
    [("fabricated_id", True)] * 4 + [("fabricated_url", True)] * 2 + [("fabricated_path", True)] * 2
    + [("missing_required", True)] * 2 + [("wrong_type", True)] * 1 + [("enum_violation", True)] * 2
    + [("pattern_violation", True)] * 2 + [("range_violation", True)] * 1 + [("extra_property", True)] * 2
    + [("malformed_json", True)] * 1
    + [("fabricated_id", False)] * 5 + [("fabricated_url", False)] * 2 + [("fabricated_path", False)] * 2
    + [("enum_violation", False)] * 2 + [("pattern_violation", False)] * 2 + [("extra_property", False)] * 2
    + [("wrong_type", False)] * 2 + [("range_violation", False)] * 1)

# Set c: six further domains, written later under the same independence rule as a final validation-only set.
SCENARIO_CLASSES_C = [("scn_c_food", "Food"), ("scn_c_pharmacy", "Pharmacy"), ("scn_c_carrental", "CarRental"),
                      ("scn_c_tickets", "Tickets"), ("scn_c_recruiting", "Recruiting"), ("scn_c_fleet", "Fleet")]
FAULTS_C = (
    [("fabricated_id", True)] * 4 + [("fabricated_url", True)] * 2 + [("fabricated_path", True)] * 2
    + [("missing_required", True)] * 2 + [("wrong_type", True)] * 2 + [("enum_violation", True)] * 1
    + [("pattern_violation", True)] * 2 + [("range_violation", True)] * 2 + [("extra_property", True)] * 1
    + [("malformed_json", True)] * 2
    + [("fabricated_id", False)] * 4 + [("fabricated_url", False)] * 2 + [("fabricated_path", False)] * 2
    + [("enum_violation", False)] * 2 + [("pattern_violation", False)] * 2 + [("extra_property", False)] * 2
    + [("wrong_type", False)] * 1 + [("range_violation", False)] * 2)

# Set d: six further domains, written by a different writer under the same independence rule; validation only.
SCENARIO_CLASSES_D = [("scn_d_mobile", "Mobile"), ("scn_d_mortgage", "Mortgage"), ("scn_d_library", "Library"),
                      ("scn_d_fitness", "Fitness"), ("scn_d_tax", "Tax"), ("scn_d_solar", "Solar")]
FAULTS_D = (
    [("fabricated_id", True)] * 4 + [("fabricated_url", True)] * 2 + [("fabricated_path", True)] * 2
    + [("missing_required", True)] * 2 + [("wrong_type", True)] * 1 + [("enum_violation", True)] * 2
    + [("pattern_violation", True)] * 2 + [("range_violation", True)] * 1 + [("extra_property", True)] * 2
    + [("malformed_json", True)] * 2
    + [("fabricated_id", False)] * 4 + [("fabricated_url", False)] * 2 + [("fabricated_path", False)] * 2
    + [("enum_violation", False)] * 2 + [("pattern_violation", False)] * 2 + [("extra_property", False)] * 2
    + [("wrong_type", False)] * 2 + [("range_violation", False)] * 1)

# Set e: six further domains, written by another writer under the same independence rule in the style of current
# assistants (hgen/estyle.py); validation only.
SCENARIO_CLASSES_E = [("scn_e_cloud", "Cloud"), ("scn_e_permits", "Permits"), ("scn_e_payroll", "Payroll"),
                      ("scn_e_immigration", "Immigration"), ("scn_e_school", "School"), ("scn_e_moving", "Moving")]
FAULTS_E = (
    [("fabricated_id", True)] * 4 + [("fabricated_url", True)] * 2 + [("fabricated_path", True)] * 2
    + [("missing_required", True)] * 2 + [("wrong_type", True)] * 2 + [("enum_violation", True)] * 1
    + [("pattern_violation", True)] * 2 + [("range_violation", True)] * 2 + [("extra_property", True)] * 1
    + [("malformed_json", True)] * 2
    + [("fabricated_id", False)] * 4 + [("fabricated_url", False)] * 2 + [("fabricated_path", False)] * 2
    + [("enum_violation", False)] * 2 + [("pattern_violation", False)] * 2 + [("extra_property", False)] * 2
    + [("wrong_type", False)] * 2 + [("range_violation", False)] * 1)

# Set f: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/fstyle.py); validation only.
SCENARIO_CLASSES_F = [("scn_f_evcharge", "EvCharging"), ("scn_f_ediscovery", "Ediscovery"), ("scn_f_printfarm", "PrintFarm"),
                      ("scn_f_podcast", "Podcast"), ("scn_f_admissions", "Admissions"), ("scn_f_marina", "Marina")]
FAULTS_F = (
    [("fabricated_id", True)] * 4 + [("fabricated_url", True)] * 2 + [("fabricated_path", True)] * 2
    + [("missing_required", True)] * 2 + [("wrong_type", True)] * 2 + [("enum_violation", True)] * 2
    + [("pattern_violation", True)] * 2 + [("range_violation", True)] * 1 + [("extra_property", True)] * 1
    + [("malformed_json", True)] * 2
    + [("fabricated_id", False)] * 4 + [("fabricated_url", False)] * 2 + [("fabricated_path", False)] * 2
    + [("enum_violation", False)] * 2 + [("pattern_violation", False)] * 2 + [("extra_property", False)] * 2
    + [("wrong_type", False)] * 1 + [("range_violation", False)] * 2)

# Set g: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/gstyle.py: compact, table-and-citation-heavy); half development, half validation (see SETS["g"]).
SCENARIO_CLASSES_G = [("scn_g_vet", "VetPractice"), ("scn_g_bikeshare", "BikeShare"), ("scn_g_trialsite", "TrialSite"),
                      ("scn_g_kitchen", "KitchenInventory"), ("scn_g_aircraft", "AircraftMx"), ("scn_g_storage", "SelfStorage")]
FAULTS_G = FAULTS_F          # the same Stage-1 faults as set f

# Set h: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/hstyle.py: a British/European customer-facing agent in flowing prose); half development, half validation.
SCENARIO_CLASSES_H = [("scn_h_coworking", "Coworking"), ("scn_h_dentallab", "DentalLab"), ("scn_h_irrigation", "Irrigation"),
                      ("scn_h_parking", "Parking"), ("scn_h_translation", "Translation"), ("scn_h_wine", "WineTrade")]
FAULTS_H = FAULTS_F          # the same Stage-1 faults as sets f and g

# Set i: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/istyle.py: a US operations-console / support-desk agent, status lines and lists with the working inline);
# half development, half validation.
SCENARIO_CLASSES_I = [("scn_i_auction", "AuctionHouse"), ("scn_i_elevator", "ElevatorService"), ("scn_i_pest", "PestControl"),
                      ("scn_i_ski", "SkiResort"), ("scn_i_league", "SportsLeague"), ("scn_i_waste", "WasteCollection")]
FAULTS_I = FAULTS_F          # the same Stage-1 faults as sets f, g and h

# Set j: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/jstyle.py: the friendly chat assistant of an Australian company, short paragraphs and compact bullets with bold
# key facts, 24-hour times, day-month dates, metric units); half development, half validation.
SCENARIO_CLASSES_J = [("scn_j_childcare", "ChildcareCentre"), ("scn_j_grooming", "DogGrooming"),
                      ("scn_j_drycleaning", "DryCleaning"), ("scn_j_ferry", "FerryBookings"),
                      ("scn_j_grain", "GrainReceival"), ("scn_j_roadside", "RoadsideAssistance")]
FAULTS_J = FAULTS_F          # the same Stage-1 faults as sets f, g, h and i

# Set k: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/kstyle.py: an Indian-English enterprise helpdesk / customer-care agent — salutations and sign-offs, key : value
# lines, numbered lists and S.No. tables, lakh grouping, Rs./₹/INR amounts, dd-Mon-yyyy dates, "i.e." with the working);
# half development, half validation.
SCENARIO_CLASSES_K = [("scn_k_appliance", "ApplianceService"), ("scn_k_banquet", "BanquetHall"),
                      ("scn_k_dairy", "DairyCollection"), ("scn_k_expenses", "ExpenseClaims"),
                      ("scn_k_society", "HousingSociety"), ("scn_k_bus", "IntercityBus")]
FAULTS_K = FAULTS_F          # the same Stage-1 faults as sets f to j

# Set l: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/lstyle.py: a North American voice assistant whose answers are read aloud by text-to-speech — no Markdown,
# short spoken sentences, numbers, amounts, dates and times often spelled out, identifiers read out character by
# character, read-backs and spoken arithmetic); half development, half validation.
SCENARIO_CLASSES_L = [("scn_l_blood", "BloodDonation"), ("scn_l_campground", "Campground"),
                      ("scn_l_customs", "CustomsBroker"), ("scn_l_farmshare", "FarmShare"),
                      ("scn_l_hearing", "HearingClinic"), ("scn_l_instruments", "InstrumentRental")]
FAULTS_L = FAULTS_F          # the same Stage-1 faults as sets f to k

# Set m: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/mstyle.py: a coding / DevOps assistant in a developer's terminal or chat — narration of what it checked, inline
# backticks, fenced code blocks, Markdown tables and bullets, "TL;DR:" lines, arrows and "~"/"≈", semantic versions, IEC
# and SI byte sizes, compact durations, UTC timestamps and relative times, the working shown inline); half development,
# half validation.
SCENARIO_CLASSES_M = [("scn_m_ci", "CiPipelines"), ("scn_m_dns", "DnsZones"), ("scn_m_flags", "FeatureFlags"),
                      ("scn_m_oncall", "OnCallSchedules"), ("scn_m_packages", "PackageRegistry"),
                      ("scn_m_certs", "TlsCertificates")]
FAULTS_M = FAULTS_F          # the same Stage-1 faults as sets f to l

# Set n: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/nstyle.py: a finance & operations analyst assistant writing executive briefings for managers — a one-line
# headline, KPI bullets, short paragraphs and small tables, abbreviated magnitudes, percentages and percentage points,
# basis points, multiples, ranges, fiscal quarters, month-year and ISO-week periods, rankings and shares of a total,
# period-over-period changes, per-unit rates, rounding words, the working in parentheses, caveats and recommendations);
# half development, half validation.
SCENARIO_CLASSES_N = [("scn_n_ads", "AdCampaigns"), ("scn_n_callcenter", "CallCenter"),
                      ("scn_n_franchise", "FranchiseSales"), ("scn_n_grants", "GrantFunding"),
                      ("scn_n_museum", "MuseumVisits"), ("scn_n_water", "WaterQuality")]
FAULTS_N = FAULTS_F          # the same Stage-1 faults as sets f to m

# Set o: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/ostyle.py: a knowledge-base / research assistant answering from retrieved documents — search hits and fetched
# policies, manuals, release notes and handbooks paraphrased and summarized, short quotations, citations as [1] or
# "(source: *Title*, §4.2)" or "per the *Title* (updated …)", hedges, conditions and exceptions, step lists, comparisons
# between documents or versions, numbers in prose with simple working, "Sources:" lists and offers); half development,
# half validation.
SCENARIO_CLASSES_O = [("scn_o_camera", "CameraSupport"), ("scn_o_gardens", "CommunityGardens"),
                      ("scn_o_dive", "DiveCenter"), ("scn_o_journal", "JournalSubmissions"),
                      ("scn_o_lab", "LabSafety"), ("scn_o_patent", "PatentFiling")]
FAULTS_O = FAULTS_N          # the same Stage-1 faults as sets f to n

# Set p: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/pstyle.py: the data / analytics assistant of a continental-European company — SQL results with columns and rows,
# semicolon CSV exports with decimal commas, spreadsheet cells, a few JSON records and one numbered document; European
# number, currency, date and ISO-week formats in the evidence and the answers; a headline sentence, compact bullets or a
# small table, aggregations over rows with the working shown, and one write action per scenario whose refusal carries a
# reason code and an alternative); half development, half validation.
SCENARIO_CLASSES_P = [("scn_p_carwash", "CarWash"), ("scn_p_coffee", "CoffeeRoastery"), ("scn_p_eggs", "EggFarm"),
                      ("scn_p_salon", "HairSalon"), ("scn_p_sawmill", "Sawmill"), ("scn_p_vending", "VendingMachines")]
FAULTS_P = FAULTS_O          # the same Stage-1 faults as sets f to o

# Set q: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/qstyle.py: the formal correspondence assistant of a Canadian municipal / public-utility customer office drafting
# the reply e-mail — a Subject line, a salutation, short numbered paragraphs, case / account / permit numbers, by-law
# sections, CAD amounts, ISO and long dates, metric units, occasional French terms, the working written in words, a
# closing — and one write action per scenario whose refusal carries a reason code and an alternative); half
# development, half validation.
SCENARIO_CLASSES_Q = [("scn_q_alarms", "FalseAlarmFees"), ("scn_q_parks", "ParkBookings"), ("scn_q_pets", "PetLicensing"),
                      ("scn_q_potholes", "PotholeClaims"), ("scn_q_recreation", "RecreationPrograms"),
                      ("scn_q_snow", "SnowClearing")]
FAULTS_Q = FAULTS_P          # the same Stage-1 faults as sets f to p

# Set r: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/rstyle.py: the workplace chat bot of a mid-sized company posting into Slack / Teams threads for internal teams —
# a bold first line or a "Summary:" line, terse lines starting with status emoji, short bullets, @mentions and #channels,
# inline `code` for ticket keys, hostnames and IDs, short dates with relative dates, 12-hour times with time-zone
# abbreviations, arrow chains for the working, chat abbreviations — and one write action per scenario whose refusal
# carries a reason code and an alternative); half development, half validation.
SCENARIO_CLASSES_R = [("scn_r_badges", "BadgeAccess"), ("scn_r_benefits", "BenefitsEnrollment"),
                      ("scn_r_laptops", "LaptopRefresh"), ("scn_r_mailroom", "MailroomParcels"),
                      ("scn_r_licenses", "SoftwareLicenses"), ("scn_r_invoices", "VendorInvoices")]
FAULTS_R = FAULTS_Q          # the same Stage-1 faults as sets f to q

# Set s: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/sstyle.py: an operations / reporting agent answering in structured Markdown — a one-line summary, Markdown tables
# with units in the column headers, alignment colons, ISO dates and a totals row, key-value blocks, short footnotes,
# YAML-like snippets in fenced code blocks, thousands separators, one-decimal percentages, spelled-out dates in prose,
# the working as equations, a "Next steps" list — and one write action per scenario whose refusal carries a reason code
# and an alternative); half development, half validation.
SCENARIO_CLASSES_S = [("scn_s_extinguishers", "FireExtinguishers"), ("scn_s_linen", "HospitalLinen"),
                      ("scn_s_pallets", "PalletPool"), ("scn_s_staffing", "ShiftStaffing"),
                      ("scn_s_toolcrib", "ToolCrib"), ("scn_s_turbines", "TurbineMaintenance")]
FAULTS_S = FAULTS_R          # the same Stage-1 faults as sets f to r

# Set t: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/tstyle.py: the assistant of a corporate legal / contracts & compliance office writing formal notes to in-house
# business users — long sentences with subordinate clauses, defined terms in quotes, figures in words followed by digits
# in parentheses, amounts with currency codes, clause and schedule references, hedges, "Please note that" and "For the
# avoidance of doubt", (i)/(ii) and (a)/(b) enumerations inside paragraphs, dates as "the 14th of March 2027" or "March
# 14, 2027", deadlines and periods computed from dates with the working in words, a closing recommendation — and one
# write action per scenario whose refusal carries a reason code and an alternative); half development, half validation.
SCENARIO_CLASSES_T = [("scn_t_board", "BoardMinutes"), ("scn_t_contracts", "ContractRenewals"),
                      ("scn_t_dpa", "DpaRegister"), ("scn_t_nda", "NdaRequests"),
                      ("scn_t_sanctions", "SanctionsScreening"), ("scn_t_vendors", "VendorDiligence")]
FAULTS_T = FAULTS_S          # the same Stage-1 faults as sets f to s

# Set u: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/ustyle.py: a terse mobile dispatch / field-service assistant answering as push notifications and SMS-length chat
# to technicians and customers — short lines and sentence fragments, abbreviations, symbols, US short dates with
# weekdays, 12-hour times without ":00", durations, ranges, bullets, lower-case lines, terse workings with arrows and ×,
# a one-line call to action — and one write action per scenario whose refusal carries a reason code and an alternative);
# half development, half validation.
SCENARIO_CLASSES_U = [("scn_u_arborist", "ArboristCrews"), ("scn_u_chimney", "ChimneySweeps"),
                      ("scn_u_locksmith", "LocksmithCallouts"), ("scn_u_pools", "PoolService"),
                      ("scn_u_septic", "SepticPumping"), ("scn_u_windows", "WindowCleaning")]
FAULTS_U = FAULTS_T          # the same Stage-1 faults as sets f to t

# Set v: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/vstyle.py: a plain-language consumer explainer that explains a customer's own records at about a sixth-grade
# reading level — warm second person, short everyday sentences, statuses in everyday words, rounded figures with
# rounding words, relative dates next to absolute ones, small numbers as words, workings in words, an optional "Here's
# what this means for you:" list, at most one bold fact and one question, a reassuring next step — and one write action
# per scenario whose refusal carries a reason code and an alternative); half development, half validation.
SCENARIO_CLASSES_V = [("scn_v_baggage", "BaggageClaims"), ("scn_v_jury", "JuryService"),
                      ("scn_v_deposits", "SecurityDeposits"), ("scn_v_studentloans", "StudentLoans"),
                      ("scn_v_tolls", "TollAccounts"), ("scn_v_recalls", "VehicleRecalls")]
FAULTS_V = FAULTS_U          # the same Stage-1 faults as sets f to u

# Set w: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/wstyle.py: terse mobile-notification / SMS-style replies of a consumer or field-service business — very short
# lines instead of sentences, abbreviations, symbols, ranges, relative dates and times, fractions and shares, figures
# rounded in the text, workings shown tersely, a one-line call to action — and one write action per scenario whose
# refusal carries a reason code and an alternative); half development, half validation.
SCENARIO_CLASSES_W = [("scn_w_escape", "EscapeRooms"), ("scn_w_handyman", "HandymanVisits"),
                      ("scn_w_pottery", "PotteryStudio"), ("scn_w_cobbler", "ShoeRepairs"),
                      ("scn_w_golf", "TeeTimes"), ("scn_w_tires", "TireFitting")]
FAULTS_W = FAULTS_V          # the same Stage-1 faults as sets f to v

# Set x: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/xstyle.py: a back-office / integration agent whose final answer is a single JSON object produced with a
# JSON-schema response format — fixed keys per scenario, a one- or two-sentence summary, typed fields, amounts as numbers
# with a currency key or as "EUR 1,240.00" strings, ISO dates, booleans, arrays of objects, next steps, a reason code on
# refusals, "calculation" strings with the working, snake_case or camelCase keys, pretty or compact layout — and one
# write action per scenario whose refusal carries a reason code and an alternative); half development, half validation.
SCENARIO_CLASSES_X = [("scn_x_carbon", "CarbonCredits"), ("scn_x_sponsors", "ExpoSponsorships"),
                      ("scn_x_flowers", "FlowerWholesale"), ("scn_x_calibration", "GaugeCalibration"),
                      ("scn_x_rebates", "RebateClaims"), ("scn_x_royalties", "RoyaltyStatements")]
FAULTS_X = FAULTS_W          # the same Stage-1 faults as sets f to w

# Set y: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/ystyle.py: a comparison & recommendation advisor of a marketplace / broker / booking platform — a search tool
# returning three to six options, the numbered terms of one option fetched by URL or path, rankings and superlatives,
# quantifiers over the options, differences, ratios and percentages, totals for the whole booking with the working,
# per-person splits, filter counts against a budget, prose / bullets / a Markdown table / "Best value" picks, a
# recommendation — and one write action per scenario whose refusal carries a reason code and an alternative); half
# development, half validation.
SCENARIO_CLASSES_Y = [("scn_y_transfers", "AirportTransfers"), ("scn_y_charters", "BoatCharters"),
                      ("scn_y_driving", "DrivingLessons"), ("scn_y_tours", "GuidedTours"),
                      ("scn_y_tutors", "LanguageTutors"), ("scn_y_studios", "RehearsalStudios")]
FAULTS_Y = FAULTS_X          # the same Stage-1 faults as sets f to x

# Set z: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/zstyle.py: a personal / executive assistant writing short first-person notes back to its principal about
# travel days and errands — time-zone conversions, durations and layovers, overlaps and gaps, opening hours against
# arrival times, deadlines, relative dates next to absolute ones, counts and small totals with the working — and one
# write action per scenario whose refusal carries a reason code and an alternative); half development, half validation.
SCENARIO_CLASSES_Z = [("scn_z_lounges", "AirportLounges"), ("scn_z_conference", "ConferenceSessions"),
                      ("scn_z_errands", "ErrandRuns"), ("scn_z_invitations", "EventInvitations"),
                      ("scn_z_storage", "LuggageStorage"), ("scn_z_sends", "ScheduledSends")]
FAULTS_Z = FAULTS_Y          # the same Stage-1 faults as sets f to y

# Set aa: six further domains, written by another writer under the same independence rule, with its own writer style
# (hgen/aastyle.py: case notes / hand-off summaries written by a support agent for a human colleague or the next shift —
# third person and past tense about the customer, a dated mini-timeline, short labelled lines (Issue / Findings / Action
# taken / Outcome / Next steps), ticketing abbreviations, the working shown inline, identifiers and reason codes in
# backticks — and one write action per scenario whose refusal carries a reason code and an alternative); half
# development, half validation.
SCENARIO_CLASSES_AA = [("scn_aa_pledges", "BackerPledges"), ("scn_aa_coop", "CoopMembers"),
                       ("scn_aa_ebikes", "EbikeWarranty"), ("scn_aa_eyewear", "EyewearRemakes"),
                       ("scn_aa_furniture", "FurnitureClaims"), ("scn_aa_watches", "WatchRepairs")]
FAULTS_AA = FAULTS_Z         # the same Stage-1 faults as sets f to z

SETS = {
    "a": {"classes": SCENARIO_CLASSES, "out": "target/heldout", "seed": SEED, "n_files": N_FILES,
          "n_scenarios": 8, "edits_per_type": EDITS_PER_TYPE, "edited_runs": EDITED_RUNS, "faults": FAULTS,
          "split_runs": SPLIT_RUNS, "all_development": False},
    # 240 runs: 14 types x 8 = 112 edit instances (88 single-edit + 12 double-edit runs), 37 Stage-1 faults
    # (15 %), 24 split runs (10 %), dialects 70/20/10 as in set a.
    "b": {"classes": SCENARIO_CLASSES_B, "out": "target/heldout-b", "seed": 20260705, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_B,
          "split_runs": 24, "all_development": True},
    # 240 runs, same proportions as set b; every label "validation".
    "c": {"classes": SCENARIO_CLASSES_C, "out": "target/heldout-c", "seed": 20260817, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_C,
          "split_runs": 24, "all_development": False, "all_split": "validation"},
    # 240 runs, same proportions as set c; every label "validation".
    "d": {"classes": SCENARIO_CLASSES_D, "out": "target/heldout-d", "seed": 20261123, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_D,
          "split_runs": 24, "all_development": False, "all_split": "validation"},
    # 240 runs, same proportions as set d; every label "validation".
    "e": {"classes": SCENARIO_CLASSES_E, "out": "target/heldout-e", "seed": 20261124, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_E,
          "split_runs": 24, "all_development": False, "all_split": "validation"},
    # 240 runs, same proportions as set e; every label "validation".
    "f": {"classes": SCENARIO_CLASSES_F, "out": "target/heldout-f", "seed": 20261125, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_F,
          "split_runs": 24, "all_development": False, "all_split": "validation"},
    # 240 runs, same proportions as set f; heldout_split by set A's rule (scenario names sorted, alternating:
    # 1st, 3rd, 5th development; 2nd, 4th, 6th validation), decided after a first summary-only measurement.
    "g": {"classes": SCENARIO_CLASSES_G, "out": "target/heldout-g", "seed": 20261202, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_G,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set g; heldout_split by set A's rule, decided before the first measurement
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "h": {"classes": SCENARIO_CLASSES_H, "out": "target/heldout-h", "seed": 20261210, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_H,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set h; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "i": {"classes": SCENARIO_CLASSES_I, "out": "target/heldout-i", "seed": 20261224, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_I,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set i; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "j": {"classes": SCENARIO_CLASSES_J, "out": "target/heldout-j", "seed": 20261130, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_J,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set j; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "k": {"classes": SCENARIO_CLASSES_K, "out": "target/heldout-k", "seed": 20261215, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_K,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set k; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "l": {"classes": SCENARIO_CLASSES_L, "out": "target/heldout-l", "seed": 20261225, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_L,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set l; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "m": {"classes": SCENARIO_CLASSES_M, "out": "target/heldout-m", "seed": 20270125, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_M,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set m; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "n": {"classes": SCENARIO_CLASSES_N, "out": "target/heldout-n", "seed": 20270301, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_N,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set n; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "o": {"classes": SCENARIO_CLASSES_O, "out": "target/heldout-o", "seed": 20270401, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_O,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set o; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "p": {"classes": SCENARIO_CLASSES_P, "out": "target/heldout-p", "seed": 20270501, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_P,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set p; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "q": {"classes": SCENARIO_CLASSES_Q, "out": "target/heldout-q", "seed": 20270601, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_Q,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set q; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "r": {"classes": SCENARIO_CLASSES_R, "out": "target/heldout-r", "seed": 20270701, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_R,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set r; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "s": {"classes": SCENARIO_CLASSES_S, "out": "target/heldout-s", "seed": 20270801, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_S,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set s; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "t": {"classes": SCENARIO_CLASSES_T, "out": "target/heldout-t", "seed": 20270901, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_T,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set t; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "u": {"classes": SCENARIO_CLASSES_U, "out": "target/heldout-u", "seed": 20271001, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_U,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set u; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "v": {"classes": SCENARIO_CLASSES_V, "out": "target/heldout-v", "seed": 20271101, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_V,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set v; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "w": {"classes": SCENARIO_CLASSES_W, "out": "target/heldout-w", "seed": 20271201, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_W,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set w; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "x": {"classes": SCENARIO_CLASSES_X, "out": "target/heldout-x", "seed": 20271208, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_X,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set x; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "y": {"classes": SCENARIO_CLASSES_Y, "out": "target/heldout-y", "seed": 20271215, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_Y,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set y; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "z": {"classes": SCENARIO_CLASSES_Z, "out": "target/heldout-z", "seed": 20271229, "n_files": 5,
          "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_Z,
          "split_runs": 24, "all_development": False},
    # 240 runs, same proportions as set z; heldout_split by set A's rule, decided before the set was generated
    # (scenario names sorted, alternating: 1st, 3rd, 5th development; 2nd, 4th, 6th validation).
    "aa": {"classes": SCENARIO_CLASSES_AA, "out": "target/heldout-aa", "seed": 20280105, "n_files": 5,
           "n_scenarios": 6, "edits_per_type": 8, "edited_runs": 100, "faults": FAULTS_AA,
           "split_runs": 24, "all_development": False},
}
CFG = SETS["a"]


def scenarios():
    out = []
    for mod, cls in CFG["classes"]:
        try:
            m = importlib.import_module(f"hgen.{mod}")
        except ModuleNotFoundError:
            if os.environ.get("HELDOUT_DEV"):
                continue
            raise
        out.append(getattr(m, cls)())
    return sorted(out, key=lambda s: s.name)


def heldout_split(scn_names):
    """Alphabetical alternation: 1st, 3rd, 5th, 7th scenario -> development; the others -> validation."""
    return {n: ("development" if i % 2 == 0 else "validation") for i, n in enumerate(sorted(scn_names))}


class Ctx:
    def __init__(self, r, today, scn, followup):
        self.r, self.today, self.scn, self.followup = r, today, scn, followup


class Spec:
    def __init__(self, index, scn, dialect):
        self.index, self.scn, self.dialect = index, scn, dialect
        self.edits: list[str] = []
        self.fault = None            # (name, recovered)
        self.followup = False
        self.split = False
        self.shuffle = False


class Run:
    pass


# --------------------------------------------------------------------------- allocation
def random_day(r: R):
    start = dt.date(2026, 2, 2)
    return start + dt.timedelta(days=r.randint(0, 145))


def probe(scn, n=80):
    """Share of builds offering each edit type, and which entity kinds the tools take."""
    seen = Counter()
    for i in range(n):
        r = R(f"probe:{scn.name}:{i}")
        name, fn, fu = scn.intents[i % len(scn.intents)]
        plan = fn(Ctx(r, random_day(r), scn, False))
        av = plan.answer.available()
        for t in av:
            seen[t] += 1
            for u in av:
                if u != t:
                    seen[(t, u)] += 1
    out = {t: seen[t] / n for t in EDIT_TYPES}
    out.update({(t, u): seen[(t, u)] / n for t in EDIT_TYPES for u in EDIT_TYPES if t != u})
    return out


def fault_feasible(scn, fault, recovered, n=40):
    hits = 0
    for i in range(n):
        r = R(f"probe-fault:{scn.name}:{fault}:{recovered}:{i}")
        name, fn, fu = scn.intents[i % len(scn.intents)]
        plan = fn(Ctx(r, random_day(r), scn, False))
        hits += faults.inject(r, scn, plan, fault, recovered, "genai", evidence_of(plan))
    return hits >= 3


_COMBO = {}


def combo_feasible(scn, edits, fault, recovered, n=120):
    key = (scn.name, edits, fault, recovered)
    if key not in _COMBO:
        ok = False
        for i in range(n):
            r = R(f"probe-combo:{key}:{i}")
            name, fn, fu = scn.intents[i % len(scn.intents)]
            plan = fn(Ctx(r, random_day(r), scn, False))
            if set(edits) <= plan.answer.available() and faults.inject(r, scn, plan, fault, recovered, "genai", evidence_of(plan)):
                ok = True
                break
        _COMBO[key] = ok
    return _COMBO[key]


def allocate(seed, scns):
    r = R(f"alloc:{seed}")
    specs = []
    for scn in scns:
        ds = list(DIALECTS_PER_SCENARIO)
        r.shuffle(ds)
        for d in ds:
            specs.append(Spec(len(specs), scn, d))
    by_scn = defaultdict(list)
    for s in specs:
        by_scn[s.scn.name].append(s)
    feas = {scn.name: probe(scn) for scn in scns}
    # edited runs: 17 or 18 per scenario, two of them with two edits
    scale = len(scns) / CFG["n_scenarios"]   # < 1 only while developing with a subset of scenarios
    edited_runs = round(CFG["edited_runs"] * scale)
    n_edit = {scn.name: edited_runs // len(scns) for scn in scns}
    for scn in r.sample(scns, edited_runs - sum(n_edit.values())):
        n_edit[scn.name] += 1
    slots = []
    for scn in scns:
        chosen = r.sample(by_scn[scn.name], n_edit[scn.name])
        for k, s in enumerate(chosen):
            slots.append([s, 2 if k < DOUBLE_EDIT_RUNS_PER_SCENARIO else 1])
    instances = [t for t in EDIT_TYPES for _ in range(CFG["edits_per_type"])]
    r.shuffle(instances)
    instances = instances[:round(len(instances) * scale)]
    # most constrained types first
    instances.sort(key=lambda t: sum(1 for f in feas.values() if f[t] >= 0.15))
    per_scn_type = Counter()
    for t in instances:
        ok = lambda sl, t: (feas[sl[0].scn.name][t] >= 0.15 and t not in sl[0].edits
                            and all(feas[sl[0].scn.name][(u, t)] >= 0.08 for u in sl[0].edits))
        opts = [sl for sl in slots if len(sl[0].edits) < sl[1] and ok(sl, t)]
        if not opts:
            opts = [sl for sl in slots if len(sl[0].edits) < sl[1]]
            t2 = [x for x in EDIT_TYPES if any(ok(sl, x) for sl in opts)]
            if not opts or not t2:
                continue
            t = r.choice(t2)
            opts = [sl for sl in opts if ok(sl, t)]
        opts.sort(key=lambda sl: (per_scn_type[(sl[0].scn.name, t)], -(sl[1] - len(sl[0].edits)), r.random()))
        sl = opts[0]
        sl[0].edits.append(t)
        per_scn_type[(sl[0].scn.name, t)] += 1
    for sl in slots:   # fill any slot left short
        while len(sl[0].edits) < 1:
            sl[0].edits.append(r.choice([t for t in EDIT_TYPES if feas[sl[0].scn.name][t] >= 0.3]))
    # Stage-1 faults
    kinds = {scn.name: {k for t in scn.tools for k in t.entity.values()} for scn in scns}
    fault_ok = {(scn.name, f, rec): fault_feasible(scn, f, rec) for scn in scns for f, rec in set(CFG["faults"])}
    fault_count = Counter()
    fl = list(CFG["faults"])
    r.shuffle(fl)
    fl = fl[:round(len(fl) * scale)]
    order = sorted(fl, key=lambda f: (f[0] not in ("fabricated_url", "fabricated_path"), r.random()))
    for name, rec in order:
        need = faults.ENTITY_FAULTS.get(name)
        cands = [scn for scn in scns if (need is None or need in kinds[scn.name]) and fault_ok[(scn.name, name, rec)]]
        if not cands:
            continue
        cands.sort(key=lambda scn: (fault_count[scn.name], r.random()))
        scn = cands[0]
        fault_count[scn.name] += 1
        pool = [s for s in by_scn[scn.name] if s.fault is None
                and not (name == "malformed_json" and s.dialect == "openllmetry")]
        clean = [s for s in pool if not s.edits]
        edited = [s for s in pool if s.edits and combo_feasible(s.scn, tuple(s.edits), name, rec)]
        s = r.choice(clean if (r.random() < 0.67 and clean) or not edited else edited)
        s.fault = (name, rec)
    for s in r.sample(specs, round(CFG["split_runs"] * scale)):
        s.split = True
    for s in specs:
        s.shuffle = r.random() < 0.35
        if s.dialect == "genai" and any(fu for _, _, fu in s.scn.intents):
            s.followup = r.random() < FOLLOWUP_SHARE
    return specs


# --------------------------------------------------------------------------- one run
def evidence_of(plan):
    ev = [plan.request]
    for m in plan.history:
        if m["role"] == "user":
            ev.append(m["text"])
        elif m["role"] == "tool":
            ev.append(m["call"].result_text())
    for t in plan.turns:
        for c in t.calls:
            if not c.error:
                ev.append(c.result_text())
    return ev


def check_valid_calls(scn, plan):
    """Generator-side guard: every valid call passes its schema and uses supplied entities."""
    prov = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"] + \
           [m["call"].result_text() for m in plan.history if m["role"] == "tool"]
    for t in plan.turns:
        for c in t.calls:
            tool = scn.tool(c.tool)
            if c.valid:
                errs = validate(c.args, tool.params)
                if errs:
                    raise AssertionError(f"{scn.name}/{plan.intent}: valid call {c.tool} fails schema: {errs}")
                for arg, kind in tool.entity.items():
                    vals = c.args.get(arg)
                    for v in (vals if isinstance(vals, list) else [vals]):
                        if isinstance(v, str) and not any(v in p for p in prov):
                            raise AssertionError(f"{scn.name}/{plan.intent}: {c.tool}.{arg}={v} not supplied")
        for c in t.calls:
            if not c.error:
                prov.append(c.result_text())


INTENT_USE = Counter()


def build_run(spec, seed):
    """Build one run; intents are drawn with weights favouring the least used ones so far."""
    scn = spec.scn
    last_err = None
    for attempt in range(400):
        r = R(f"{seed}:{spec.index}:{attempt}")
        today = random_day(r)
        followup = spec.followup and attempt < 200
        intents = [(n, fn, fu) for n, fn, fu in scn.intents if fu or not followup]
        weights = [1.0 / (1 + INTENT_USE[(scn.name, n)]) ** 2 for n, _, _ in intents]
        name, fn, fu = r.choices(intents, weights)[0]
        plan = fn(Ctx(r, today, scn, followup and fu))
        plan.intent = name
        if not set(spec.edits) <= plan.answer.available():
            continue
        ev = evidence_of(plan)
        check_valid_calls(scn, plan)
        if spec.fault:
            fname, rec = spec.fault
            if not faults.inject(r, scn, plan, fname, rec, spec.dialect, ev):
                continue
        applied = plan.answer.apply(list(spec.edits), r)
        if applied is None:
            continue
        answer, spans, edits = applied
        blob = "\n".join(ev)
        ok = True
        for e in edits:
            if e["type"] in ("entity", "fabricated_id") and e["replacement"].lower().strip("`") in blob.lower():
                ok = False
        if not ok:
            continue
        INTENT_USE[(scn.name, name)] += 1
        return assemble(spec, r, today, plan, answer, spans, edits, seed)
    raise RuntimeError(f"cannot build run {spec.index} ({scn.name}, edits={spec.edits}, fault={spec.fault}, "
                       f"followup={spec.followup}, dialect={spec.dialect}) {last_err or ''}")


def assemble(spec, r, today, plan, answer, spans, edits, seed):
    scn = spec.scn
    run = Run()
    run.r, run.scn, run.dialect = r, scn, spec.dialect
    run.trace_id = r.hexid(16)
    if spec.dialect == "genai":
        prov = r.choice(otlp.PROVIDERS)
    elif spec.dialect == "openinference":
        prov = r.choice([p for p in otlp.PROVIDERS if p[0] != "aws.bedrock"])
    else:
        prov = r.choice([p for p in otlp.PROVIDERS if p[0] in ("openai", "anthropic")])
    run.provider, run.model, run.response_model, style, run.family = prov
    sr = R(f"agent:{scn.name}")
    run.agent_id = "asst_" + sr.alnum(24)
    run.service_version = r.choice(scn_versions(scn))
    run.env = r.choice(["production"] * 4 + ["staging"])
    run.sdk_version = r.choice(["1.37.0", "1.38.0", "1.39.1"])
    run.temperature = r.choice([None, 0.0, 0.2, 0.2, 0.3, 0.7, 1.0])
    run.max_tokens = r.choice([None, None, 1024, 2048, 4096])
    run.conversation_id = r.choice(["sess_" + r.hexid(12), "conv_" + r.alnum(24), r.hexid(12)])
    run.genai_scope = r.choice(otlp.GENAI_SCOPES)
    run.oi_scope = r.choice(otlp.OI_SCOPES[run.family])
    run.system = scn.system
    run.request = plan.request
    run.answer = answer
    run.turns = plan.turns
    run.split, run.shuffle = spec.split, spec.shuffle
    secs = r.randint(6 * 3600, 22 * 3600)
    run.t0 = int(dt.datetime(today.year, today.month, today.day, tzinfo=dt.timezone.utc).timestamp() + secs) * 10**9 \
        + r.randint(0, 999_999) * 1000
    # history (genai only) and call ids
    run.history = plan.history if spec.dialect == "genai" else []
    for m in run.history:
        for c in m.get("calls", []) or []:
            c.id = otlp.call_id(r, style)
    calls = [c for t in plan.turns for c in t.calls]
    for c in calls:
        c.id = otlp.call_id(r, style)
        tool = scn.tool(c.tool)
        c.http = bool(tool.http) and r.random() < 0.3
    for i, t in enumerate(plan.turns):
        if t.text is None and i == 0 and r.random() < 0.45:
            t.text = r.choice(scn.preambles)
    spans_otlp = otlp.EMITTERS[spec.dialect](run)
    requests = otlp.package(run, spans_otlp)
    tool_calls = []
    for c in calls:
        d = {"call_id": c.id, "tool": c.tool, "valid": c.valid, "reason": c.reason}
        if not c.valid:
            d["retried_by"] = c.retry_of.id if getattr(c, "retry_of", None) is not None else None
        tool_calls.append(d)
    stage1 = [{"fault": c.fault, "call_id": c.id, "recovered": bool(c.recovered)} for c in calls if not c.valid]
    cats = []
    for s in spans:
        if s["category"] not in cats:
            cats.append(s["category"])
    for c in calls:
        if not c.valid and f"tool_call/{c.reason}" not in cats:
            cats.append(f"tool_call/{c.reason}")
    unrec = [c for c in calls if not c.valid and not c.recovered]
    if any(s["category"].startswith("fabricated_reference/") for s in spans) or any(c.reason.startswith("fabricated_") for c in unrec):
        action = "block"
    elif spans or any(c.reason == "schema" for c in unrec):
        action = "revise"
    else:
        action = "emit"
    label = {"trace_id": run.trace_id, "file": None, "dialect": spec.dialect, "scenario": scn.name,
             "split": len(requests) > 1, "hallucinated": action != "emit", "categories": cats, "spans": spans,
             "expected_action": action, "tool_calls": tool_calls, "answer": answer, "edits": edits,
             "stage1_faults": stage1, "heldout_split": None, "intent": plan.intent,
             "multi_turn": bool(run.history)}
    return label, requests


_VERSIONS = {}


def scn_versions(scn):
    if scn.name not in _VERSIONS:
        sr = R(f"versions:{scn.name}")
        major = sr.randint(1, 4)
        _VERSIONS[scn.name] = [f"{major}.{sr.randint(0, 20)}.{sr.randint(0, 9)}" for _ in range(3)]
    return _VERSIONS[scn.name]


# --------------------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", choices=sorted(SETS), default="a",
                    help="a: the eight-domain held-out set (default); b: six further domains, all 'development'; "
                         "c: six more domains, all 'validation'; d: six further domains, all 'validation'; "
                         "e: six further domains in a current-assistant style, all 'validation'; "
                         "f: six further domains by another writer, all 'validation'; "
                         "g: six further domains by yet another writer, half 'development', half 'validation'; "
                         "h: six further domains by another writer in British customer-facing prose, half 'development', "
                         "half 'validation'; i: six further domains by another writer as a US support desk, half "
                         "'development', half 'validation'; j: six further domains by another writer as an Australian "
                         "company's chat assistant, half 'development', half 'validation'; k: six further domains by another "
                         "writer as an Indian-English enterprise helpdesk, half 'development', half 'validation'; l: six "
                         "further domains by another writer as a voice assistant read aloud by text-to-speech, half "
                         "'development', half 'validation'; m: six further domains by another writer as a coding / "
                         "DevOps assistant in a developer's terminal, half 'development', half 'validation'; n: six further domains by "
                         "another writer as a finance & operations analyst writing executive briefings for managers, half "
                         "'development', half 'validation'; o: six further domains by another writer as a knowledge-base "
                         "assistant answering from retrieved documents, half 'development', half 'validation'; p: six further "
                         "domains by another writer as a European company's data / analytics assistant, half 'development', "
                         "half 'validation'; q: six further domains by another writer as a Canadian municipal customer "
                         "office's correspondence assistant, half 'development', half 'validation'; r: six further domains by another "
                         "writer as a company's workplace chat bot in Slack / Teams threads, half 'development', half 'validation'; "
                         "s: six further domains by another writer as an operations / reporting agent answering in structured "
                         "Markdown, half 'development', half 'validation'; t: six further domains by another writer as "
                         "the assistant of a corporate legal / contracts & compliance office writing formal notes, half "
                         "'development', half 'validation'; u: six further domains by another writer as a terse mobile "
                         "dispatch / field-service assistant answering in push notifications and SMS, half 'development', "
                         "half 'validation'; v: six further domains by another writer as a plain-language consumer "
                         "explainer of a customer's own records, half 'development', half 'validation'; w: six further "
                         "domains by another writer as terse mobile-notification / SMS-style replies of a consumer or "
                         "field-service business, half 'development', half 'validation'; x: six further domains by another "
                         "writer as a back-office / integration agent answering with one JSON object (structured output), "
                         "half 'development', half 'validation'; y: six further domains by another writer as a comparison & "
                         "recommendation advisor of a marketplace or booking platform, half 'development', half 'validation'; z: six further "
                         "domains by another writer as a personal / executive assistant writing first-person notes about "
                         "travel days and errands, half 'development', half 'validation'; aa: six further "
                         "domains by another writer as a support agent's case notes / hand-off summaries for a colleague "
                         "or the next shift, half 'development', half 'validation'")
    ap.add_argument("--out", default=None, help="output directory (default target/heldout, target/heldout-b for --set b, "
                         "target/heldout-c for --set c, target/heldout-d for --set d, target/heldout-e for --set e, "
                         "target/heldout-f for --set f, target/heldout-g for --set g, target/heldout-h for --set h, "
                         "target/heldout-i for --set i, target/heldout-j for --set j, target/heldout-k for --set k, "
                         "target/heldout-l for --set l, target/heldout-m for --set m, target/heldout-n for --set n, "
                         "target/heldout-o for --set o, target/heldout-p for --set p, target/heldout-q for --set q, "
                         "target/heldout-r for --set r, target/heldout-s for --set s, target/heldout-t for --set t, "
                         "target/heldout-u for --set u, target/heldout-v for --set v, target/heldout-w for --set w, "
                         "target/heldout-x for --set x, target/heldout-y for --set y, target/heldout-z for --set z, "
                         "target/heldout-aa for --set aa)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--stats", action="store_true", help="print Markdown count tables of an existing --out directory")
    args = ap.parse_args()
    global CFG
    CFG = SETS[args.set]
    if args.out is None:
        args.out = CFG["out"]
    if args.seed is None:
        args.seed = CFG["seed"]
    if args.stats:
        stats(args.out)
        return
    scns = scenarios()
    splits = heldout_split([s.name for s in scns])
    if CFG["all_development"]:
        splits = {n: "development" for n in splits}
    if CFG.get("all_split"):
        splits = {n: CFG["all_split"] for n in splits}
    specs = allocate(args.seed, scns)
    built = []
    for spec in specs:
        label, requests = build_run(spec, args.seed)
        label["heldout_split"] = splits[spec.scn.name]
        built.append((label, requests))
    r = R(f"files:{args.seed}")
    r.shuffle(built)
    os.makedirs(args.out, exist_ok=True)
    for f in os.listdir(args.out):
        if f.startswith("runs-") and f.endswith(".jsonl") or f == "labels.jsonl":
            os.remove(os.path.join(args.out, f))
    labels_out = []
    n_files = CFG["n_files"]
    per_file = [len(built) // n_files + (1 if i < len(built) % n_files else 0) for i in range(n_files)]
    pos = 0
    for k, n in enumerate(per_file):
        chunk = built[pos:pos + n]
        pos += n
        fname = f"runs-{k:03d}.jsonl"
        items = [(label, req) for label, reqs in chunk for req in reqs]
        r.shuffle(items)
        seen = set()
        with open(os.path.join(args.out, fname), "w", encoding="utf-8") as fh:
            for label, req in items:
                fh.write(json.dumps(req, separators=(",", ":")) + "\n")
                if label["trace_id"] not in seen:
                    seen.add(label["trace_id"])
                    label["file"] = fname
                    labels_out.append(label)
    with open(os.path.join(args.out, "labels.jsonl"), "w", encoding="utf-8") as fh:
        for label in labels_out:
            fh.write(json.dumps(label, ensure_ascii=False) + "\n")
    c = Counter(l["expected_action"] for l in labels_out)
    print(f"wrote {len(labels_out)} runs to {args.out}: " + ", ".join(f"{k}={c[k]}" for k in ("emit", "revise", "block")))



def stats(out_dir):
    """Markdown tables describing a generated set (used for README.md)."""
    labels = [json.loads(l) for l in open(os.path.join(out_dir, "labels.jsonl"), encoding="utf-8")]
    n_lines = n_spans = n_http = 0
    for f in sorted(os.listdir(out_dir)):
        if f.startswith("runs-"):
            for line in open(os.path.join(out_dir, f), encoding="utf-8"):
                n_lines += 1
                req = json.loads(line)
                for rs in req["resourceSpans"]:
                    for ss in rs["scopeSpans"]:
                        n_spans += len(ss["spans"])
                        if ss["scope"]["name"] == otlp.HTTPX[0]:
                            n_http += len(ss["spans"])

    def table(title, counter, order=None):
        rows = order or [k for k, _ in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))]
        print(f"| {title} | runs |\n|---|---|")
        for k in rows:
            print(f"| {k} | {counter[k]} |")
        print()

    files = len({l["file"] for l in labels})
    print(f"{len(labels)} runs in {files} files ({n_lines} request lines, {sum(l['split'] for l in labels)} runs split across "
          f"two requests, {n_spans} spans, {n_http} HTTP client spans, {sum(l['multi_turn'] for l in labels)} multi-turn "
          f"conversations with history).\n")
    table("expected_action", Counter(l["expected_action"] for l in labels), ["emit", "revise", "block"])
    table("dialect", Counter(l["dialect"] for l in labels), ["genai", "openinference", "openllmetry"])
    sc = Counter(l["scenario"] for l in labels)
    hs = {l["scenario"]: l["heldout_split"] for l in labels}
    print("| scenario | heldout_split | runs | emit | revise | block |\n|---|---|---|---|---|---|")
    for s in sorted(sc):
        c = Counter(l["expected_action"] for l in labels if l["scenario"] == s)
        print(f"| {s} | {hs[s]} | {sc[s]} | {c['emit']} | {c['revise']} | {c['block']} |")
    print()
    hc = Counter(l["heldout_split"] for l in labels)
    table("heldout_split", hc, ["development", "validation"])
    table("category (runs containing it)", Counter(c for l in labels for c in l["categories"]))
    table("edit type", Counter(e["type"] for l in labels for e in l["edits"]))
    table("Stage-1 fault", Counter(f"{f['fault']} ({'recovered' if f['recovered'] else 'unrecovered'})"
                                   for l in labels for f in l["stage1_faults"]))
    table("intent", Counter(f"{l['scenario']}/{l['intent']}" for l in labels), sorted({f"{l['scenario']}/{l['intent']}" for l in labels}))


if __name__ == "__main__":
    main()
