"""Words of an architecture said in sentences ("Orders service reads/writes Postgres", "Workers report
status back to the Scheduler", "a load balancer distributes traffic to two application servers, App
Server 1 and App Server 2. Both application servers connect to the DB"). WORDS shared by the drafter
(architecture_forms.py) and the check (architecture_normal.py); each reads the sentence its own way and
says it in a wording both already read, the edge always from the sentence's subject to its object.
"""

from __future__ import annotations

# "reads/writes Postgres", "reads and writes Postgres": the part uses the store; one edge, subject -> object
READ_WRITE = ("reads/writes", "read/write", "reads and writes", "read and write", "reads/writes to", "read/write to",
              "reads and writes to", "read and write to", "reads from and writes to", "read from and write to")
# "report status back to the Scheduler": what one part reports to another is a message, the edge sender ->
# receiver; only these nouns ("Ann reports weekly to Bo", "reports directly to" stay reporting lines)
REPORTED_MESSAGES = frozenset("""status statuses result results metrics progress health heartbeat heartbeats errors
    events logs state usage telemetry readings alerts""".split())
# "distributes traffic to", "spreads traffic over", "splits traffic across": traffic forwarded to each part
TRAFFIC_VERBS = frozenset("distributes distribute spreads spread splits split balances balance".split())
TRAFFIC_PREPOSITIONS = frozenset("to over across between among".split())
# "two application servers, App Server 1 and App Server 2": a count before the names it introduces
COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}
# "Both application servers connect to …": the pair named just before, said again by what they are
BOTH = "both"
# "The proposed architecture comprises a load balancer that distributes traffic to …": the opening names the
# drawing (its title) and then the first part, which the relative clause goes on with
TITLE_HEADS = frozenset("architecture system platform setup stack design infrastructure topology".split())
COMPRISES = ("comprises", "consists of", "includes", "is made up of", "is composed of")
# "The data warehouse is loaded nightly from the data lake": the source feeds the part loaded, the edge
# source -> part, the participle (and how often) its label; only in an intent with no sequence word
LOADED_FROM = frozenset("loaded fed populated refreshed synced replicated hydrated ingested".split())
HOW_OFTEN = frozenset("nightly daily hourly weekly monthly continuously incrementally".split())
# "There's a nightly cron job that reads from MongoDB …": the part said to be there, then what it does
THERE_IS = ("there's", "there is", "there’s")
# "sends a report email through SendGrid": the service a message is sent through receives it from the sender
SENT_THROUGH = frozenset("through via".split())
SEND_VERBS = frozenset("sends send".split())
# words that never sit in the name of the service sent through ("through SendGrid to the CFO" names two parties)
NOT_IN_SERVICE = frozenset("to into from for with at on in via through and or then nightly daily hourly weekly".split())
# "spec:" alone over indented sentences (a plain multi-line scalar): the same prose, for these keys only
BARE_PROSE_KEYS = frozenset("spec description text prompt input content body details request query".split())
