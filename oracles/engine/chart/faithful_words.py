"""The words of the chart check (faithfulness.py): which words only instruct or connect, which numbers
frame the question rather than carry data, and the patterns the rules read the intent with. One place for them."""


from __future__ import annotations

import re
from dataclasses import replace

from .approximate import APPROXIMATE_WORDS
from .values import StatedNumber
from .vocabulary import FOREIGN_STACKED

# ---------------------------------------------------------------------------------------------
# Vocabulary: the one place that says which words only instruct or connect.

# Words that only instruct or frame the request; they never carry chart content.
INSTRUCTION_WORDS = frozenset("""
a an the please pls kindly can could would you i we me us our my make draw plot chart graph show
create render give build produce visualise visualize display use using as with of for this these
that data values numbers diagram title titled called labelled labeled sorted sort axis is are
thanks thank want need compare comparing comparison
""".split())
# Words that may stand between a label and its value ("Season 1 peaked at 48k", "58 in March").
CONNECTOR_WORDS = frozenset("""
in on at of for by to during from with was were is are be been had has have got get gets saw sees
reached reach reaches hit hits peaked peaks scored scores totalled totaled came comes
stood stands ended ends closed closes rose fell grew dropped climbed recorded logged
made makes did does sold sells earned earns posted posts about around approximately roughly nearly almost over under some only just
then and or vs versus against respectively via through
""".split()) | APPROXIMATE_WORDS  # "Ben approx. 15": a documented approximate marker (approximate.py)
# "120 units in January", "40 users in week 1": a value stated before its label, in the subject too
_VALUE_THEN_LABEL = re.compile(r"(?:\s+[^\W\d_][\w'-]*){0,2}?\s+(?:in|on|at|during|for|by|from|via|through)\s+[^\W_]",
                               re.IGNORECASE)
_UNIT_AFTER = re.compile(r"\s?(°\s?[CFcf]\b|[$€£¥])")
_BRACKETED = re.compile(r"\([^()]*\)")
_SLASHED_ABBREVIATION = re.compile(r"\b([^\W\d_])/([^\W\d_])\b")  # "n/a", "N/A": one word, not two
_NAME_WORD = re.compile(r"[^\W\d_][\w'’]*")  # a word of a name: starts with a letter
_HYPHENATED_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_DIGIT = re.compile(r"\d")
_OPENING_BRACKET_BEFORE = re.compile(r"\(\s*$")
_LETTER = re.compile(r"[^\W\d_]")
_CAPITALISED_AFTER_LOWER = re.compile(r"(?<=[a-z]) +(?P<word>[A-Z][a-z]+)\b")
_ONE_WORD = re.compile(r"\w+")
_PLAIN_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?")
_IDENTIFIER_DASH = re.compile(r"[^\W\d_]-$")
_LEADER_FREE_WORD = re.compile(r"(?:(?!_{3})\w)+")
_WORD_RUN = re.compile(r"\w+")
# Around an occurrence of a label (compiled once: they run for every label of the intent)
_SENTENCE_BREAK = re.compile(r"[.?!;:]\s")
_SCORE_AFTER = re.compile(r"[-–—/:]\d")
_WORD_BEFORE = re.compile(r"([^\W\d_][\w'’]*) +$")
_WORD_AFTER = re.compile(r" +([^\W\d_][\w'’]*)")
_VERSUS_BEFORE = re.compile(r"\b(?:vs\.?|versus|against)\s+$", re.IGNORECASE)
_VERSUS_AFTER = re.compile(r"\s+(?:vs\.?|versus|against)\b", re.IGNORECASE)
_ITEM_BREAK = re.compile(r"[,;\n|•]|\band\b|\.\s")
_JOIN_TOKENS = re.compile(r"[^\W\d_][\w'’&]*|&|\d[\d,.]*|[^\w\s]")
# "Bergen 289 330": a label's last one to three digits, and the group of three written after it
_TRAILING_DIGITS = re.compile(r"(?:^|\s)(\d{1,3})$")
_THOUSANDS_GROUP = re.compile(r"[ '’\u00a0\u2009\u202f](\d{3})(?![\d'’]|[.,]\d)")
# Words that join the words of one name ("Home and Garden", "Bank of America", "Lord of the Rings").
NAME_JOINING_WORDS = frozenset("and & or of the de del la le du von van y".split())
# Articles that open a name when capitalised before a capitalised word ("The Grind", "La Boulange", "El Farolito").
CAPITALISED_ARTICLES = frozenset("The La Le Les El Los Las Il Lo Der Die Das De Het".split())
# Words that join two statements; a label never starts or ends with one ("vs variant").
LINKING_WORDS = frozenset("vs versus and or against then plus".split())
# The last word before a label that follows its value ("1,310 in week 2").
LABEL_AFTER_WORDS = frozenset("in on at during for by from of via through".split())
# Numbers that size or frame the question, not values: "top 5", "n=200", "a 30-year mortgage".
NOT_DATA_BEFORE = re.compile(
    r"(?:\b(?:[Tt]op|[Bb]ottom|[Ll]ast|[Pp]ast|[Nn]ext|[Ff]irst|[Ee]very|[Ee]ach|[Oo]ver\s+the\s+last|[Nn]|[Vv]ersion|"
    r"[Ss]tep|[Pp]hase|[Qq]uestion|[Tt]he|a|an|[Oo]ur|[Tt]heir|[Ii]ts|[Tt]his|[Tt]hat|"
    # "Exhibit 4, titled …", "see Figure 2": the number of a document's part
    r"[Ee]xhibit|[Ff]igure|[Ff]ig\.|[Ss]lide|[Aa]ppendix|[Ss]ection|[Cc]hapter)\s*[-=:]?\s*|#)$")
# "March 3–7, 2025", "Jan 5th": days of a date, not values (only ever used to explain an undrawn number)
DATE_SPAN = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?"
    r"(?:\s*[-–—]\s*\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|,?\s+\d{4})\b", re.IGNORECASE)  # a range or a year: "Mar 12" alone is data
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
# "12 May 2025", "3–17 June 2024" (a year closes it), "on 14 March", "as of 2 May": a day written before its
# month is a date in the prose, not a value (only ever used to explain an undrawn number, like DATE_SPAN)
DAY_FIRST_DATE = re.compile(
    rf"\b{_DAY}(?:\s*[-–—]\s*{_DAY})?\s+{_MONTH},?\s+\d{{4}}\b|"
    rf"\b(?:on|since|until|till|dated|as\s+of)\s+{_DAY}\s+{_MONTH}(?![\w-])", re.IGNORECASE)


def in_day_first_date(intent: str, position: int) -> bool:
    """Whether the number at `position` is the day of a date written day first (see DAY_FIRST_DATE)."""
    window = max(0, position - 24)
    return any(m.start() <= position < m.end() for m in DAY_FIRST_DATE.finditer(intent, window, min(len(intent), position + 32)))


NOT_DATA_AFTER = re.compile(
    r"^(?:-(?:year|yr|month|day|week|hour|minute|second|point|page|item|step|person|people|star)s?\b|"
    r"[ \t]*(?:series|items|categories|bars|slices|lines|columns|rows|charts|colou?rs|respondents|"
    r"people|participants|samples?|responses)\b|(?:st|nd|rd|th)\b|"
    r"(?:[ \t]*%|[ \t]*per[ \t]?cent)?[ \t]+(?:sure|certain|confident|positive)\b)", re.IGNORECASE)  # "not 100% sure"

# A number between two parts of a label ("LATAM $310k Also EMEA", "18:00 4.1 Also 00:00", "Fri −2 (°C) Also
# Mon"): the label ran across a value into the next statement. A clock time with words after it is no time.
_INNER_NUMBER = re.compile(r"\S(?:\s+|\s*=\s*)[-−+(]?[$€£¥]?\d[\d,.]*(?:[kKMB]|bn|mn)?%?\)?\s+\W*[^\W\d_]")
_CLOCK_WITH_TAIL = re.compile(r"\d{1,2}:\d{2}\s+\S")
# Words that open the next statement; a label never starts with one ("Also Samsung 937").
OPENING_WORDS = frozenset("also finally lastly plus then while but whereas".split())
# " — " between words separates a statement from the next; inside a label it means two were run together.
_SPACED_DASH = re.compile(r"\s[-–—]\s")
# A label never holds the request for the chart itself ("May — line chart please").
_INSTRUCTION_IN_LABEL = re.compile(
    r"\b(?:please|pls|kindly|(?:bar|line|area|pie|donut|doughnut|scatter|column)[\s-]*(?:charts?|graphs?|plots?))\b",
    re.IGNORECASE)
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "‐": "-", "‑": "-", "‒": "-"})
_SIGNS = "+-"
_LEADER = re.compile(r"[ \t]*(?:\.{3,}|…+|_{3,}|·{3,}|(?:\.[ \t]){2,}\.)[ \t]*:?[ \t]*")
# A value then its label (": 41 occupied, 12 available."): the item opens right before the value and
# closes right after the label; "60 % equities": a share, then what it is of. Compiled once: `_beside`
# runs for every label and every value it may stand beside.
# A count item, "…, 85 cappuccinos,": a value opens it after a list break, a spaced dash or a verb of counting
# ("we sold 120 lattes", "we've got 240 sheep"), maybe hedged ("and like 30 scones").
_ITEM_OPENS_BEFORE = re.compile(
    r"(?:^|[:;,\n•(]|\band|\.\s|\s[-–—]|\b(?:sold|got|bought|counted|baked|harvested|picked|caught|served|had))\s*"
    r"(?:(?:about|around|only|just|nearly|almost|roughly|maybe|some)\s+)?[-−+]?[$€£¥]?$", re.IGNORECASE)
_ITEM_ENDS_AFTER = re.compile(r"\s*(?:$|[,;\n)]|\.(?!\d)|and\b)")
# The last count item may be followed by where or when, or a spaced dash, with no value after it in the sentence:
# "…, 34 mochas at the pop-up yesterday — can you chart that?", "…, 60 cherries sold at the market stand."
_SETTING_AFTER_LAST = re.compile(
    r"(?:\s+(?:at|in|on|from|during|sold|this|last|yesterday|today)\b|\s[-–—]\s)[^\d\n.!?]*(?:$|[.!?\n])",
    re.IGNORECASE)
_SHARE_GAP = re.compile(r"\s*(?:%|percent|per\s+cent|pct)\s+", re.IGNORECASE)
_SEPARATOR_IN_GAP = re.compile(r"[,;\n.!?|\t]|\)\s*\(|→|->|=>|⟶")
# A label never starts or ends with these: they link it to something else ("28 psi →", "iOS ("); ">" before a
# digit compares (">4 h").
_LINKING_EDGE = re.compile(r"^[\s(\[{:=→|,;·]|^>(?!=?\d)|[\s(\[{:=→|,;·]$|->$|=>$|^/\s|\s/$")  # "/ Ingrid", not "/search"
_MARK_NAMES: dict[str, str] = {
    "bar": "bar", "bars": "bar", "column": "bar", "columns": "bar", "histogram": "bar", "hbar": "bar",
    "barh": "bar", "line": "line", "lines": "line", "sparkline": "line", "area": "area",
    "pie": "arc", "donut": "arc", "doughnut": "arc", "ring": "arc", "scatter": "point", "scatterplot": "point",
    "dot": "point", "bubble": "point", "trend": "line", "trendline": "line", "timeline": "line", "over time": "line",
}
_MARK_WORD = r"(?P<word>bars?|columns?|histogram|hbar|barh|lines?|sparkline|area|pie|donut|doughnut|scatter(?:plot)?|dot|bubble)"
_MARK_REQUESTS = [
    re.compile(rf"\b{_MARK_WORD}[\s-]*(?:charts?|graphs?|graphics?|plots?|diagrams?|visuali[sz]ation)\b", re.IGNORECASE),
    re.compile(rf"\b(?:as|in|into|with|using|make\s+it|draw\s+it|like)\s+(?:an?\s+)?"
               rf"(?:(?:horizontal|vertical|stacked|grouped|clustered|simple|single)\s+)*{_MARK_WORD}\b", re.IGNORECASE),
    re.compile(r"\b(?P<word>pie|donut|doughnut|scatter(?:plot)?|histogram|hbar|barh|sparkline)\b", re.IGNORECASE),
    re.compile(r"\b(?:horizontal|vertical|stacked|grouped|clustered)\s+(?P<word>bars?|columns?|area|lines?)\b", re.IGNORECASE),
    re.compile(rf"^\W*{_MARK_WORD}\b(?!\s+\d)", re.IGNORECASE),
    # "— line of torque against rpm", "a line of weekly signups": a mark named where a request starts
    re.compile(r"(?:^|[—–:;,.(]\s*|\s-\s|\b(?:an?|one|single)\s+)(?P<word>lines?|area)\s+(?:of|for|showing)\s", re.IGNORECASE),
    # "a ring chart": another name of a donut, only beside a chart word ("Ring Road 120" asks for nothing)
    re.compile(r"\b(?P<word>ring)[\s-]*(?:charts?|graphs?|plots?)\b", re.IGNORECASE),
    re.compile(r"\b(?P<word>trend(?:line)?|timeline|over\s+time)\b", re.IGNORECASE),  # weak: keep it last
]
# "over time", "the trend" hint at a line but do not name a chart: beside a named mark they ask for nothing else.
_WEAK_MARK_REQUESTS = frozenset({len(_MARK_REQUESTS) - 1})
# "just chart the sales column", "ignore the margin": a selection the chart would have to make.
_DROPPING = re.compile(r"\b(?:except|excluding|exclude|ignore|ignoring|without|skip|leave\s+out|leaving\s+out|drop|apart\s+from|"
                       r"other\s+than|but\s+not|omit|omitting|"
                       r"(?:do\s+not|don['’]t|dont|not)\s+(?:include|show|chart|plot|draw))\b", re.IGNORECASE)
# Asking for values the intent does not give: projections, forecasts, fitted lines, invented data. The
# words of the subject ("forecast revenue: Q1 10") only ask when they come after the data; verbs always do.
_INVENTING = re.compile(
    r"(?P<verb>\b(?:extrapolat\w*|interpolat\w*|fill(?:ed|ing)?\s+in|invent\w*|make\s+up|made[\s-]up|simulat\w*|"
    r"guess(?:ed|es|ing)?|project(?:ing)?\s+(?:it\s+|them\s+|the\s+\w+\s+)?(?:forward|ahead|out|through|until|into)|"
    r"estimat(?:e|ed|es|ing)\s+(?:the\s+)?(?:missing|rest|remaining|next|future|gaps?)|"
    r"(?:add|with|plus|include|overlay)\s+(?:an?\s+|the\s+)?(?:linear\s+)?(?:trend|regression|best[\s-]fit)[\s-]*lines?|"
    r"lines?\s+of\s+best\s+fit|moving\s+averages?|"
    # values to be worked out from those given: "double his number", "adjust for inflation", "normalise per head"
    r"(?:double|triple|quadruple|halve|multiply|divide|scale\s+(?:up|down))\s+(?:his|her|its|their|the|all|every|each|"
    r"this|that|these|those|it|them|everything)|adjust(?:ing)?\s+(?:\w+\s+)?for\s+(?:inflation|seasonality|population|size)|"
    r"normali[sz](?:e|ed|ing)\s+(?:it|them|the|all|each|every|per|by|to|for)|annuali[sz](?:e|ed|ing)\s+(?:it|them|the|all|each|every|his|her|their))\b)"
    r"|\b(?:projected|projections?|forecast(?:ed|s|ing)?|predict(?:ed|ions?|s|ing)?|estimated)\b", re.IGNORECASE)
# "but swap north and south", "switch the values of A and B": a change to the data given, which is drawn as stated
_SWAPPING = re.compile(r"\b(?:swap(?:ped|ping)?|switch(?:ed|ing)?|exchang(?:e|ed|ing)|flip(?:ped|ping)?)\s+(?:the\s+)?"
                       r"(?:(?:values?|numbers?|figures?|labels?|names?)\s+(?:of|for)\s+)?(?:[^\W\d_][\w'-]*\s+){1,3}?"
                       r"(?:and|with|&)\s+[^\W\d_]", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|no|never|instead\s+of|rather\s+than|n't)\s+(?:(?:an?|the|as|in)\s+)*$", re.IGNORECASE)
_SELECTION = re.compile(r"\b(?:only|just)\s+"
                        r"(?:the\s+|chart\s+the\s+|plot\s+the\s+|draw\s+the\s+|show\s+the\s+)?((?:[^\W\d_][\w%]*\s*){1,3})",
                        re.IGNORECASE)
# Chart requests in other languages people write in. A chart word this list does not know
# ("…diagramm", "gráfico …") makes the asked mark unknown, and the answer is refused, not guessed.
FOREIGN_MARKS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(?:kreis|torten|ring)diagramm|\bcamembert\b|\bgraphique\s+(?:circulaire|en\s+secteurs)|"
                r"\bgr[áa]fico\s+(?:circular|de\s+(?:tarta|pastel|torta|pizza|sectores))|\bgrafico\s+a\s+torta|\bdiagrama\s+circular|"
                r"\b(?:taart|cirkel)(?:diagram|grafiek)",
                re.IGNORECASE), "arc"),
    (re.compile(r"\b(?:linien|kurven)diagramm|\bgraphique\s+(?:lin[ée]aire|en\s+courbes?)|\bcourbe\b|"
                r"\bgr[áa]fico\s+de\s+l[íi]neas?|\bgrafico\s+a\s+linee|\bgr[áa]fico\s+de\s+linhas?|\blijn(?:grafiek|diagram)",
                re.IGNORECASE), "line"),
    (re.compile(r"\b(?:balken|säulen|saeulen)diagramm|\bgraphique\s+(?:en|à)\s+(?:barres|b[âa]tons|colonnes)|\bhistogramme\b|"
                r"\bgr[áa]fico\s+de\s+(?:barras|columnas|colunas)|\bgrafico\s+a\s+barre|\b(?:staaf|kolom)(?:diagram|grafiek)",
                re.IGNORECASE), "bar"),
    (re.compile(r"\bfl[äa]chendiagramm|\bgraphique\s+en\s+aires?|\bgr[áa]fico\s+de\s+[áa]reas?|\bvlak(?:diagram|grafiek)",
                re.IGNORECASE), "area"),
    (re.compile(r"\bstreudiagramm|\bpunktdiagramm|\bnuage\s+de\s+points|\bgr[áa]fico\s+de\s+dispers[ií][óo]n|"
                r"\bspreidings(?:diagram|grafiek)", re.IGNORECASE),
     "point"),
]
_FOREIGN_CHART_WORD = re.compile(r"\b\w*diagramm\w*|\bgr[áa]fico\s+(?:de|a|em)\s+\w+|\bgraphique\s+(?:en|à)\s+\w+",
                                 re.IGNORECASE)
# Any word built like a chart word ("blasendiagramm", "staafgrafiek", "boxplot", "flowchart"): when its mark
# cannot be read, a chart of another mark than the one evidently asked is refused, not guessed.
CHART_COMPOUND = re.compile(
    r"\b(?P<head>[^\W\d_]+?)-?(?:diagramm?(?:e|en|s)?|grafieken|grafiek|grafik(?:en)?|graphiques?|gr[áa]ficos?|"
    r"charts?|graphs?|plots?)\b", re.IGNORECASE)
# heads whose compound names a mark read elsewhere, or a word that only looks like a chart word
COMPOUND_MARKS = {"bar": "bar", "column": "bar", "staaf": "bar", "kolom": "bar", "balken": "bar", "säulen": "bar",
                  "saeulen": "bar", "line": "line", "lijn": "line", "linien": "line", "kurven": "line", "pie": "arc",
                  "donut": "arc", "doughnut": "arc", "taart": "arc", "cirkel": "arc", "kreis": "arc", "torten": "arc",
                  "ring": "arc", "area": "area", "vlak": "area", "flächen": "area", "flaechen": "area",
                  "scatter": "point", "spreidings": "point", "streu": "point", "punkt": "point", "dot": "point"}
NOT_CHART_COMPOUNDS = frozenset("""para photo auto tele mono bio seismo poly choreo holo radio litho mimeo phono demo epi
di sub sono carto topo calli steno typo xero crypto ethno geo hydro oceano paleo petro serio spectro tomo
cinemato com foto biblio ortho géo démo lexico icono tipo orto eco""".split())
_JSON_KEY_AROUND = re.compile(r"[\"']\s*:")  # after a quoted word: it is a key of JSON or a Python dict
_SCATTER_WORD = re.compile(r"\bscatter(?:[\s-]?plot)?s?\b", re.IGNORECASE)  # x/y pairs, unlike a dot plot
_STACKED = re.compile(r"\bstack(?:ed|ing)?\b|" + FOREIGN_STACKED, re.IGNORECASE)  # "stacked bars", "stack paid on top of organic"
_GROUPED = re.compile(r"\b(?:grouped|clustered|side[\s-]by[\s-]side)\b", re.IGNORECASE)
_JSON_TITLE = re.compile(r"[\"'](?:title|chart_title|chartTitle)[\"']\s*:\s*[\"']([^\"'\n]{1,120})[\"']", re.IGNORECASE)
# (a title set in bold or code, "title **Regional revenue FY24**", is quoted the markdown way)
# (and with a few words between, as learners and agents write it: "Title put 'Sales March'", "title should be 'Q3'")
_TITLE = re.compile(r"\b(?:title(?:d)?|entitled|heading|header)(?:\s+(?:it|as|put|is|should|must|will|be|to|please|the|"
                    r"chart|of|set))*\s*[:=]?\s*(?:[\"“'‘]([^\"”'’\n]{1,120})[\"”'’]"
                    r"|\*\*([^*\n]{1,120})\*\*|`([^`\n]{1,120})`)", re.IGNORECASE)
_DESCENDING = re.compile(r"\b(?:descending|(?:highest|largest|biggest|longest|most)\s+(?:first|on\s+top|at\s+the\s+top)|"
                         r"from\s+(?:highest|largest|biggest|most)|ranked)\b", re.IGNORECASE)
_ASCENDING = re.compile(r"\b(?:ascending|(?:lowest|smallest|shortest|least)\s+(?:first|on\s+top)|from\s+(?:lowest|smallest|least))\b",
                        re.IGNORECASE)
_AXIS_TITLE_QUOTED = re.compile(r"\b([xy])[\s-]*axis\s*(?:title\s*)?(?:is|=|:|as|labell?ed|called|titled|named|reads)?\s*"
                                r"[\"“'‘]([^\"”'’\n]{1,60})[\"”'’]", re.IGNORECASE)
_AXIS_TITLE_PLAIN = re.compile(r"\b([xy])[\s-]*axis\s*(?:title\s*)?[:=]\s*([^\W\d_][^,;.:()\n\"”'’]{0,60})", re.IGNORECASE)
_ALPHABETICAL = re.compile(r"\balphabetical(?:ly)?\b|\ba\s*(?:-|to)\s*z\b", re.IGNORECASE)
_SORTED = re.compile(r"\bsort(?:ed)?\b", re.IGNORECASE)
_AXES_NAMED = re.compile(r"\((?:x|y)\)|\b[xy][\s-]?axis\b|\bagainst\b", re.IGNORECASE)
YEAR_RANGE = (1900, 2100)
# "We sold", "they made": a subject pronoun and its verb open a sentence, never a name
_CLAUSE_OPENING = re.compile(r"(?i:we|i|they|you|he|she)\s+[a-z][a-z'’]*(?:\s+[a-z][a-z'’]*)?$")
# "4 of 10", "7 out of 9", "35 to 40": words that join two numbers into one statement
_FRACTION_WORDS = frozenset("of out in per over to from by".split())
_TRAILING_NUMBER = re.compile(r"[\s\d.,%]+$")
# A label that opens with the request to leave an item out ("Leave out size" 42 from "Leave out size 42").
_DROPPING_OPENS_LABEL = re.compile(r"(?:leave\s+out|exclude|excluding|ignore|ignoring|omit|remove|"
                                   r"(?:do\s+not|don['’]t|dont)\s+(?:include|show|chart|plot|draw))\b", re.IGNORECASE)
# A bracketed total or summary inside a label ("mon (total 3590)"): a note, not part of the name.
_TOTAL_ASIDE = re.compile(r"[(\[][^()\[\]]*\b(?:total|sum|overall|combined|altogether|in\s+all|average|avg|mean|median)\b"
                          r"[^()\[\]]*\d[^()\[\]]*[)\]]", re.IGNORECASE)
# "two charts please", "and a second chart of churn", "one chart per region": more than one chart asked.
_SEVERAL_CHARTS = re.compile(
    r"\b(?:two|2|three|3|four|4|several|multiple|separate|individual)\s+(?:[\w-]+\s+)?(?:charts|graphs|plots|visuals)\b|"
    r"\b(?:second|another|separate|2nd)\s+(?:[\w-]+\s+)?(?:chart|graph|plot)\b|"
    r"\b(?:one|a)\s+(?:[\w-]+\s+)?(?:chart|graph|plot)\s+(?:each|per|for\s+each)\b", re.IGNORECASE)
# A note under the data: "*excludes refunds", "† provisional", "Note: 3 regions missing", "Source: …".
# ("* Mon 34" with a space is a bullet, not a note.)
FOOTNOTE_RE = re.compile(r"(?m)^[ \t]*(?:\*(?=[^\s*])|[†‡]|\(\*\)|(?:notes?|nb|n\.b\.|footnote|caveats?|sources?|"
                         r"disclaimer)\s*[:.]\s).*$", re.IGNORECASE)
# Words that end a phrasal name ("Log in", "Check out", "Sign up") as often as they link a name to its value.
PARTICLE_WORDS = frozenset("in on out off up down over back through".split())
# A value written in words: "twelve", "forty-two", "a dozen", "half a million".
_UNITS_WORDS = ("zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                "sixteen|seventeen|eighteen|nineteen")
_TENS_WORDS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
NUMBER_WORD_RE = re.compile(
    rf"\b(?:\d[\d,.]*\s?-?ish|(?:a|one|half\s+a|a\s+half|a\s+couple\s+of)\s+(?:dozen|hundred|thousand|million|billion)|"
    rf"(?:{_TENS_WORDS})(?:[-\s](?:one|two|three|four|five|six|seven|eight|nine))?(?:\s+(?:thousand|million|billion))?|"
    rf"(?:{_UNITS_WORDS})(?:\s+(?:hundred|thousand|million|billion|dozen))?)\b", re.IGNORECASE)
# "one bar per version", "two lines for each region": a number word that counts the marks asked is an instruction.
_MARKS_COUNTED = re.compile(r"\s+(?:bar|line|slice|column|point|dot|colou?r|panel|series)s?\s+(?:per|for\s+(?:each|every)|each)\b",
                            re.IGNORECASE)


def counts_marks(intent: str, end: int) -> bool:
    """Whether the number word ending at `end` counts the marks asked ("one bar per version"), not a value."""
    return _MARKS_COUNTED.match(intent, end) is not None


# A value stated as a change: "is up 937", "rose by 5", "down 3"; "… from last week", "vs the prior month".
_CHANGE_BEFORE = re.compile(
    r"\b(?:(?:is|was|are|were|went|go|goes|came|come|comes)\s+(?:up|down)|(?:up|down)\s+by|"
    r"(?:increased|decreased|rose|fell|grew|dropped|climbed|declined|jumped|slipped|gained|lost)\s+by)"
    r"\s*[-−+]?[$€£¥]?\s*$", re.IGNORECASE)
_CHANGE_BARE = re.compile(r"\b(?:up|down)\s*[-−+]?[$€£¥]?\s*$", re.IGNORECASE)
# Every match of _CHANGE_BEFORE or _CHANGE_BARE holds one of these: a window without any needs neither search
# (they run before every drawn value). Keep in step with the two patterns above.
_CHANGE_KEYS = ("up", "down", "by")
# "then grew 10 in Mar", "fell 30": a movement verb right before the number states a change ("fell to 30" is a level).
_CHANGE_VERB = re.compile(r"\b(?P<verb>increased|decreased|rose|fell|grew|dropped|climbed|declined|jumped|slipped|gained|"
                          r"lost|added|shed|dipped|slid|sank|surged|soared|plunged|plummeted)\s+[-−+]?[$€£¥]?\s*$", re.IGNORECASE)
_CHANGE_VERB_KEYS = ("increased", "decreased", "rose", "fell", "grew", "dropped", "climbed", "declined", "jumped", "slipped",
                     "gained", "lost", "added", "shed", "dipped", "slid", "sank", "surged", "soared", "plunged", "plummeted")
_CHANGE_AFTER = re.compile(
    r"(?:\s?(?:%|pts?\b|points?\b|pp\b))?\s+(?:(?:from|vs\.?|versus|on|over|compared\s+(?:to|with)|than)\s+(?:the\s+)?"
    r"(?:last|previous|prior|preceding|yesterday|a\s+(?:week|month|year)\s+ago)\b|(?:more|less|fewer|higher|lower)\s+than\b)",
    re.IGNORECASE)
_CHANGE_SUBJECT = re.compile(r"\b(?:change[sd]?|delta|difference|growth|increase|decrease|gain|loss|net|"
                             r"(?:week|month|year|day|quarter)[\s-]+(?:on|over)[\s-]+(?:week|month|year|day|quarter)|wow|mom|yoy)\b",
                             re.IGNORECASE)
# "All figures in thousands", "(values in millions)", "revenue (in $ millions)": one scale for every value.
_SCALE_ONCE = re.compile(r"\(?\b(?:(?:all\s+)?(?:figures|values|numbers|amounts|data)\s+(?:are\s+)?)?in\s+(?:[$€£¥]\s*|\w+\s+)?"
                         r"(?P<scale>hundreds|thousands|millions|billions|'?000s)\b\)?|"
                         r"\((?:[$€£¥]\s*)?(?P<bracketed>thousands|millions|billions|'?000s?|k|mn?|bn|mio|mrd)\)", re.IGNORECASE)


# The comma patterns _strict tells apart (compiled once: it runs for every number of the intent).
_DIGIT_RUN = re.compile(r"\d+(?:,\d+)*(?:\.\d+)?")
_COMMA_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?")
_COMMA_DECIMALS = re.compile(r"\d+,\d{1,2}")


def _strict(number: StatedNumber) -> StatedNumber:
    """One reading per comma pattern: "1,200" is 1200, "1,72" is 1.72; "1,2,3" is left unread (it is
    several numbers, and reading it as any one of them would hide the others)."""
    if "," not in number.text:
        return number  # no comma, no comma pattern to choose between (most numbers: skip the scan)
    digits = _DIGIT_RUN.search(number.text)
    if digits is None or "," not in digits.group(0):
        return number
    text = digits.group(0)
    if _COMMA_THOUSANDS.fullmatch(text):  # "1,200", "1,23,456"
        keep = {r for r in number.readings if abs(r) >= 1000}
    elif _COMMA_DECIMALS.fullmatch(text):
        keep = {r for r in number.readings if not float(r).is_integer()}
    else:
        keep = set()
    return replace(number, readings=frozenset(keep))


# Words that grade what follows: "very satisfied", "somewhat agree", "not satisfied" (a scale's names).
DEGREE_WORDS = frozenset("very somewhat not quite fairly rather extremely highly slightly completely mostly partly "
                         "moderately totally neither strongly mildly barely a bit little".split())


# Words that may end a list as a request: "…, Wed 29, sorted", "…, as bars", "…, thanks".
TAIL_WORDS = frozenset("""chart graph plot sorted descending ascending alphabetically horizontal vertical stacked grouped
please thanks thx ok etc total""".split())
# Words that may stand between the items of a list besides connectors: "…, then", "as well as", "finally".
GAP_WORDS = frozenset("then while but also finally plus well lastly next after that which when whereas".split())


def _fills_a_gap(word: str) -> bool:
    return word in CONNECTOR_WORDS or word in INSTRUCTION_WORDS or word in LINKING_WORDS or word in GAP_WORDS \
        or _is_unit_word(word)


def _is_degree_word(word: str) -> bool:
    return word.lower() in DEGREE_WORDS or (word.islower() and word.endswith("ly") and len(word) > 4)


def _is_past_verb(word: str) -> bool:
    """"resolved", "shipped": a lowercase past-tense verb between a name and its value."""
    return word.islower() and len(word) > 4 and word.endswith("ed")


# Verbs that take an amount ("education received $2.4 million"): after a lowercase name they end it, where an
# "-ed" word may still belong to it ("very satisfied 41%").
AMOUNT_VERBS = frozenset("received earned raised spent generated collected recorded scored reached got made sold took".split())


def _year_like(text: str) -> bool:
    return bool(re.fullmatch(r"\d{4}", text.strip())) and YEAR_RANGE[0] <= int(text.strip()) <= YEAR_RANGE[1]


# ISO codes written before an amount, "Zurich CHF 2.4M": the money's unit, between a label and its value.
CURRENCY_CODES = frozenset("USD EUR GBP CHF JPY CAD AUD NZD SEK NOK DKK INR CNY RMB BRL MXN ZAR PLN SGD HKD".split())
CURRENCY_CODE_BEFORE = re.compile(r"\b(" + "|".join(sorted(CURRENCY_CODES)) + r")\s?$")


def _is_unit_word(word: str) -> bool:
    return word in {"percent", "per", "cent", "pct", "ms", "kg", "km", "usd", "eur", "gbp", "k", "m", "bn"}
