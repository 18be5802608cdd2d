from __future__ import annotations

import json
from pathlib import Path

import pytest

from sourcefinder.errors import InvalidInputError
from sourcefinder.evals.harness import Question, evaluate, read_questions
from sourcefinder.evals.levers import LEVERS, decompose, decompose_live
from sourcefinder.index import lint, load_index
from sourcefinder.routing import Ranking, Scored


class FixedRouter:
    """A router that answers from a table: the harness is tested, not the ranking."""

    def __init__(self, table: dict[str, tuple[list[str], str]]) -> None:
        self.table = table

    def rank(self, question: str, context: str = "") -> Ranking:
        ids, verdict = self.table[question]
        scored = tuple(Scored(i, 0.9 - 0.1 * n, ("fixed",)) for n, i in enumerate(ids))
        return Ranking(candidates=scored[:2], verdict=verdict, full=scored)


def test_scores_follow_the_definitions(example_index: Path) -> None:
    index = load_index(example_index)
    a, b, c = list(index.cards)[:3]
    questions = [
        Question("q1", "one", (a,), "x"),        # hit@1
        Question("q2", "two", (b,), "x"),        # hit@3 only
        Question("q3", "three", (c,), "y"),      # abstained although answerable
        Question("q4", "four", (), "none"),      # rightly abstained
        Question("q5", "five", (), "none"),      # wrongly answered
    ]
    router = FixedRouter({
        "one": ([a, b, c], "confident"), "two": ([c, a, b], "uncertain"),
        "three": ([a, b], "nowhere"), "four": ([], "nowhere"), "five": ([a], "confident"),
    })
    report = evaluate(router, index, questions, k=5).as_dict()
    assert report["n"] == 5 and report["k"] == 5
    assert report["hit_at_1"] == pytest.approx(1 / 3, abs=1e-4)
    assert report["hit_at_k"] == pytest.approx(2 / 3, abs=1e-4)
    assert report["mrr_at_10"] == pytest.approx((1 + 1 / 3) / 3, abs=1e-4)
    assert report["abstain_precision"] == 0.5      # 2 abstained, 1 right
    assert report["abstain_recall"] == 0.5         # 2 nowhere-questions, 1 abstained
    assert report["false_abstain_rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert report["by_class"]["x"]["hit_at_1"] == 0.5
    failed = {f["qid"]: f for f in report["failures"]}
    assert set(failed) == {"q2", "q3", "q5"}
    assert all(f["lever"] in LEVERS for f in failed.values())
    assert failed["q5"]["lever"] == "description"
    assert sum(report["levers"].values()) == 3


def test_reading_questions_reports_the_bad_line(tmp_path: Path) -> None:
    good = {"qid": "a", "question": "q", "gold": []}
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps({"qid": "b", "gold": "x"}) + "\n")
    with pytest.raises(InvalidInputError, match=":2: not a labeled question"):
        read_questions(path)


def test_the_example_suite_is_well_formed() -> None:
    root = Path(__file__).resolve().parents[2]
    index = load_index(root / "index")
    questions = read_questions(root / "evals" / "questions.jsonl")
    assert len(questions) >= 150
    assert sum(1 for q in questions if not q.gold) >= 15
    assert len({q.qid for q in questions}) == len(questions)
    assert all(g in index.cards for q in questions for g in q.gold)


@pytest.mark.parametrize(
    "org", ["ardent", "ashbytown", "ashcombe", "brackenridge", "brightline", "brightwater",
            "calloway", "cobalt", "corrievale",
            "coldharbour", "dunmore", "ellisfield", "fallowmere", "fernhollow", "greywell",
            "gullhaven", "halden",
            "harrowgate", "heronsgate", "hollybank", "holmwood",
            "kestrel", "kingsmere", "kilnworth", "lanternfish", "larchmont", "larkspur",
            "lindqvist", "marrowby", "mirefield",
            "meridian", "northwind", "oakmere", "orchardvale", "parcelwise", "pembury",
            "oxleigh", "pennant", "pinfold", "quarrendon", "quillpay", "ravensmoor",
            "saltmarsh", "sedgebrook", "skerry",
            "tarnbrook", "tessellate",
            "thistledown", "thornfield", "tidewell", "velmora", "wrenford",
            "wendover", "brackenridgebuses", "saltmarshcinemas", "hartside", "copperfield",
            "acornfield", "kelda", "lowther", "ashgrove", "halsey", "tarrant", "glenmorrow",
            "ashburn", "cresswell", "pellworth", "ferrant", "dovecote", "wyeford",
            "hatherleigh", "moorcroft", "ravenhurst", "linthwaite", "strathmore", "kittiwake",
            "fellgate", "hawthorn", "pebblebrook", "fenwick", "kelsall", "bramblewick",
            "sunhollow", "marlowe", "pickering", "harcastle", "wexcombe", "thackley",
            "penrose", "alderbeck", "ambergate", "cinderford", "marwick", "fernley",
            "elmstead", "ketterby", "rushmere", "brindle", "oakhurst", "wetherby",
            "saltcote", "redwick", "gorsebrook", "hollins", "foxwarren", "castlegate",
            "hembury", "quarrybank", "sallowfield", "tollbridge", "wychbold", "brantwood",
            "kelvedon", "ottery", "larkhill", "merrow", "hadleigh", "fenmarsh", "brookvale",
            "ashwell", "dunsford", "hexworthy", "cowley", "ravenscar", "elstow", "penhallow",
            "tilbrook", "wolvercote", "harrier", "kestle", "marram", "brisco", "lathom",
            "quenby", "pendle", "yelland", "odstock", "carnmoor", "tansley", "fairlop",
            "ormsby", "wystan", "hallam", "kirkby", "skelwith", "ambrose", "pickwell",
            "brancaster", "radley", "dunnock", "calder", "wetherden", "hebden", "glenfield",
            "thaxted", "tidmarsh", "kenwick", "ferriby", "amberley", "saxby", "ixworth",
            "halstow", "colwick", "tresco", "wensley", "lowick", "morwenstow", "sedbergh",
            "haworth", "kelling", "garsdale", "bowland", "lanercost", "ulpha", "brathay",
            "cartmel", "hawes", "ribble", "dentdale", "sawley", "arnside", "kirkoswald",
            "keld", "orton", "troutbeck", "askrigg", "reeth", "eskdale", "muker", "shap",
            "coniston", "hesket", "dufton", "whinlatter", "staveley", "grasmere",
            "ravenstonedale", "alston", "caldbeck", "lonsdale", "threlkeld", "kentmere",
            "mallerstang", "tebay", "bampton", "garrigill", "patterdale", "hawkshead",
            "ennerdale", "buttermere", "greystoke", "ravenglass", "askham", "morland",
            "crosby", "lazonby", "melmerby", "soulby", "kirkland", "warcop", "culgaith",
            "langwathby", "brough", "ireby", "silloth", "sawrey", "torver", "haverthwaite",
            "milnthorpe", "bootle", "flookburgh", "witherslack", "gosforth", "seascale",
            "braithwaite", "dalston", "wigton", "lamplugh", "tirril", "dacre", "glenridding",
            "hutton", "caldew", "stephen", "maryport", "threapland", "blencathra", "drigg",
            "edenvalley", "beckfoot", "botcherby", "solway", "wreay", "petteril", "hadrian",
            "irthing", "geltsdale", "talkin", "newbiggin", "castlecarrock", "warwickbridge",
            "cumwhitton", "hayton", "scaleby", "wetheral", "rockcliffe", "kirkandrews",
            "bowness", "sebergham", "raughton", "welton", "ousby", "skelton", "plumpton",
            "ivegill", "calthwaite", "armathwaite", "mungrisdale", "bassenthwaite", "uldale",
            "lorton", "embleton", "wythop", "brigsteer", "crosthwaite", "mosedale",
            "matterdale", "rusland", "satterthwaite", "finsthwaite", "greenodd", "ulverston",
            "irton", "wasdale", "loweswater", "portinscale", "watendlath", "seatoller",
            "borrowdale", "grange", "dalton", "urswick", "lindale", "haverigg", "millom",
            "nibthwaite", "blawith", "silecroft", "kirksanton", "whicham", "cleator",
            "frizington", "arlecdon", "rowrah", "setmurthy", "blindcrake", "dovenby",
            "dearham", "gilcrux", "thursby", "cumdivock", "aikton", "abbeytown", "allonby",
            "flimby", "bothel", "kirkbride", "mawbray", "oughterside", "westnewton",
            "bromfield", "dundraw", "waverton", "blencogo", "langrigg", "wiggonby", "baggrow",
            "thornby", "mealsgate", "boltongate", "westward", "gamblesby", "kirkcambeck",
            "tallentire", "plumbland", "torpenhow", "blennerhasset", "bewaldeth", "parsonby",
            "hunsonby", "ainstable", "skirwith", "renwick", "unthank", "glassonby",
            "maughanby", "haresceugh", "ravenwick",
            "croglin", "cumrew", "farlam", "gilsland", "hallbankgate", "brampton", "walton",
            "irthington", "banks", "hethersgill", "kirklinton", "bewcastle", "stapleton",
            "roadhead", "smithfield", "westlinton", "blackford", "longtown", "kingmoor",
            "arthuret", "linstock",
            "houghton", "cargo", "kingstown", "harraby", "cotehill", "carleton", "durdar",
            "cummersdale", "aspatria", "anthorn", "cardurnock", "rosley", "hawksdale",
            "stockdalewath", "todhills", "harker", "moorhouse", "beaumont", "grinsdale",
            "monkhill", "thurstonfield", "kirkbampton", "oughterby", "drumburgh",
            "easton", "burnfoot", "gaitsgill", "brougham", "murton", "kaber", "barbon",
            "casterton", "lupton", "endmoor", "sedgwick", "levens", "stainmore", "howgill",
            "firbank", "killington", "heversham", "beetham", "storth", "sandside",
            "hincaster", "holme", "yealand", "silverdale", "warton", "borwick", "capernwray",
            "arkholme", "whittington", "tunstall",
            "cantsfield", "leck", "wennington", "melling", "hornby", "wray", "caton", "halton",
            "aughton", "gressingham", "claughton", "farleton", "docker", "grayrigg", "selside",
            "crook", "winster", "allithwaite",
            "cowan", "burrow", "dent", "mansergh", "natland", "sizergh", "underbarrow", "cunswick",
            "burneside", "mealbank", "patton", "whinfell", "lyth", "helsington", "gatebeck",
            "quernmore", "dolphinholme", "scorton",
            "middleton", "burton", "hale", "carnforth", "galgate", "ellel", "abbeystead",
            "wyresdale", "cockerham", "pilling", "preesall", "stalmine", "hambleton", "knottend",
            "netherkellet", "overkellet", "boltonlesands", "priesthutton",
            "garstang", "glasson", "barbondale", "oldhutton", "bentham", "inskip", "nateby",
            "forton", "bilsborrow", "ingleton", "catterall", "thurnham", "cabus", "winmarleigh",
            "scotforth", "brookhouse", "aldcliffe", "heysham",
            "overton", "knott", "conder", "slyne", "hest", "kellet", "bleasdale", "goosnargh",
            "catforth", "kirkham", "elswick", "wrea", "broughton", "woodplumpton", "treales",
            "wharles", "freckleton", "singleton",
            "chipping", "longridge", "inglewhite", "barton", "lytham", "staining", "weeton",
            "thornton", "rawcliffe", "poulton", "eagland", "fleetwood", "bispham", "norbreck",
            "anchorsholme", "fulwood", "grimsargh", "wesham",
            "haighton", "whittingham", "oakenclough", "salwick", "cottam", "tarleton", "rufford",
            "croston", "ribbleton", "penwortham", "longton", "hesketh", "mawdesley", "eccleston",
            "clifton", "medlar", "newton", "whittle", "walmer", "ashton",
            "lea", "hackensall", "cleveleys", "larkholme", "marton", "hardhorn", "layton",
            "ansdell", "fairhaven", "saltcotes", "bretherton", "becconsall", "sollom", "mereside",
            "whinney", "squires", "scronkey", "crimbles", "lund", "westby",
            "alnmouth", "amble", "bamburgh", "belford", "bellingham", "chatton", "craster",
            "elsdon", "felton", "harbottle", "longhoughton", "norham", "otterburn", "seahouses",
            "warkworth", "wooler",
            "acklington", "alwinton", "beadnell", "cornhill", "ellingham", "etal", "ford",
            "glanton", "howick", "lesbury", "longframlington", "powburn", "rennington",
            "rothbury", "shilbottle", "wark",
            "akeld", "kirknewton", "branxton", "crookham", "milfield", "doddington",
            "ilderton", "thropton",
            "ingram", "whitton", "hepple", "holystone", "rochester", "byrness", "kielder",
            "falstone",
            "greenhaugh", "stannington", "glendale", "tarset", "ridsdale", "capheaton",
            "kirkharle", "netherton",
            "alnham", "bavington", "cambo", "chollerton", "humshaugh", "ridley", "simonburn",
            "thockrington",
            "belsay", "birtley", "haltwhistle", "ingoe", "kirkwhelpington", "matfen", "ryal",
            "stamfordham",
            "slaley", "whitfield", "allendale", "ninebanks", "lambley", "knarsdale", "coanwood",
            "bywell",
            "wylam", "heddon", "ponteland", "ovingham", "prudhoe", "mickley", "stocksfield",
            "acomb",
            "newbrough", "fourstones", "haydon", "bardon", "henshaw", "greenhead",
            "featherstone", "sandhoe", "chesters", "gunnerton", "barrasford", "wall",
            "greystead", "colwell", "hallington", "hartburn", "wallington", "haughton",
            "chollerford", "langley", "catton", "blanchland", "healey", "kirkheaton"],
)
def test_the_other_organizations_are_well_formed(org: str) -> None:
    """More organizations in the index format, written without the router in view,
    so that routing quality is also read on data it was never tuned on."""
    root = Path(__file__).resolve().parents[2] / "evals" / "orgs" / org
    assert [str(d) for d in lint(root / "index")] == []  # no error, no warning
    index = load_index(root / "index")
    questions = read_questions(root / "questions.jsonl")
    assert len(questions) >= 100
    assert sum(1 for q in questions if not q.gold) >= 15
    assert len({q.qid for q in questions}) == len(questions)
    assert all(g in index.cards for q in questions for g in q.gold)


def test_levers_decompose_by_rank_and_evidence(example_index: Path) -> None:
    index = load_index(example_index)
    ids = [c.id for c in index.cards.values() if not c.background]
    gold = ids[0]
    assert decompose(index, "q", ["not-a-card"], ids, "confident") == "breadth"
    assert decompose(index, "q", [gold], [ids[1], gold], "confident") == "description"
    assert decompose(index, "q", [gold], ids[1:7], "confident") == "searchable picture"
    assert decompose(index, "q", [gold], [gold], "nowhere") == "searchable picture"
    flagged = next(c.id for c in index.cards.values() if c.background.startswith("missing"))
    assert decompose(index, "q", [flagged], [ids[1]], "confident") == "background"


def test_live_levers(example_index: Path) -> None:
    index = load_index(example_index)
    a, b = [c.id for c in index.cards.values() if not c.background
            and not any(e.mark == "✗" for e in c.examples)][:2]
    assert decompose_live(index, True, [a], [a], None, [a, b]) is None
    assert decompose_live(index, False, [a], [], None, [a, b]) == "breadth"
    assert decompose_live(index, True, [a, b], [b], None, [a, b]) == "description"
    assert decompose_live(index, True, [a], [], b, [a]) == "searchable picture"
