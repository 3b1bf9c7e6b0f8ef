"""Generate realistic researcher documents for benchmarks, deterministically.

The documents share a pool of organisations (with labs inside them), advisors and
co-authors, so that resolution matters at scale, and come in the formats kg reads:
plain text, Markdown with front matter, HTML, LaTeX, JSON Resume and YAML CV.

Usage::

    python bench/generate.py 1000 --out bench/out/docs-1k [--seed 7] [--formats txt,md,html]

The same N and seed always give byte-identical files.

>>> docs = list(generate(3, seed=1))
>>> [name.split(".")[-1] for name, _ in docs]
['txt', 'md', 'html']
>>> docs == list(generate(3, seed=1))
True
"""
from __future__ import annotations

import argparse
import html
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

__all__ = ["generate", "write_corpus"]

FORMATS = ("txt", "md", "html", "tex", "json", "yml")

GIVEN = {
    "en": "James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth Sarah Thomas Emma Oliver".split(),
    "zh": "Wei Fang Jing Lei Yang Min Jun Hui Xin Yu Hao Ying Qiang Lin Jie Tao".split(),
    "in": "Aarav Priya Rohan Ananya Vikram Kavya Arjun Isha Rahul Meera".split(),
    "es": "Alejandro Lucía Mateo Sofía Diego Valentina Javier Camila Pablo Elena".split(),
    "de": "Lukas Anna Jonas Lena Felix Marie Paul Laura Maximilian Hannah".split(),
    "ja": "Haruto Yui Sota Hina Ren Aoi Takumi Sakura Kenji Yuki".split(),
    "ng": "Chinedu Ngozi Emeka Amaka Tunde Funmi Obinna Adaeze".split(),
}
FAMILY = {
    "en": "Smith Johnson Williams Brown Jones Miller Davis Wilson Taylor Clark Lewis Walker".split(),
    "zh": "Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu".split(),
    "in": "Sharma Patel Singh Gupta Iyer Reddy Nair Das Mehta Rao".split(),
    "es": "García Martínez López González Rodríguez Fernández Pérez Sánchez".split(),
    "de": "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker".split(),
    "ja": "Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura".split(),
    "ng": "Okafor Adeyemi Eze Okonkwo Bello Nwosu Balogun Obi".split(),
}
PLACES = [
    ("Northbridge", "UK"), ("Lakeview", "USA"), ("Westhaven", "Canada"), ("Riverton", "Australia"),
    ("Hanover Falls", "Germany"), ("Kyoshima", "Japan"), ("Lindholm", "Sweden"), ("Porto Alto", "Brazil"),
    ("Eastport", "USA"), ("Marlow", "UK"), ("Shenhai", "China"), ("Varanasi Nova", "India"),
    ("Aurelia", "Italy"), ("Bergstad", "Norway"), ("Lagos Bay", "Nigeria"), ("Santa Clara Vale", "Chile"),
]
FIELDS = [
    ("Computer Science", ["Machine Learning", "Distributed Systems", "Databases", "Human-Computer Interaction"]),
    ("Biology", ["Genomics", "Cell Biology", "Neuroscience", "Ecology"]),
    ("Physics", ["Condensed Matter", "Astrophysics", "Quantum Optics", "Particle Physics"]),
    ("Economics", ["Labor Economics", "Game Theory", "Econometrics", "Development Economics"]),
    ("Chemistry", ["Catalysis", "Organic Synthesis", "Electrochemistry", "Materials Chemistry"]),
    ("Linguistics", ["Phonology", "Syntax", "Computational Linguistics", "Sociolinguistics"]),
]
VENUES = {
    "Computer Science": ["ICML", "NeurIPS", "OSDI", "SIGMOD", "CHI", "VLDB"],
    "Biology": ["Nature", "Cell", "eLife", "PLOS Biology"],
    "Physics": ["Physical Review Letters", "Nature Physics", "Physical Review B"],
    "Economics": ["Econometrica", "American Economic Review", "Journal of Political Economy"],
    "Chemistry": ["Journal of the American Chemical Society", "Angewandte Chemie", "Nature Chemistry"],
    "Linguistics": ["Language", "Linguistic Inquiry", "ACL"],
}
TITLE_WORDS = (
    "Scalable Robust Efficient Adaptive Sparse Learning Models Networks Dynamics Structure Inference "
    "Signals Markets Proteins Catalysts Phases Grammar Evidence Causal Optimal Latent Stochastic Emergent"
).split()
COMPANY_STEMS = "Quantix Helio Nimbus Arbor Vertex Lumen Cobalt Orchid Tessel Kestrel".split()
DEGREES = [("PhD", "Ph.D."), ("MSc", "M.Sc."), ("BSc", "B.Sc."), ("BA", "B.A."), ("MA", "M.A.")]
ONSETS = "Ash Bal Cor Dun El Fen Gar Hol Kin Lang Mor Nor Pen Ros Sel Thorn Var Wen Yar Zel".split()
CODAS = "ford wick ton by mann berg ley stad ridge more ham vale sen holm strom".split()
INITIALS = "ABCDEFGHJKLMNPRSTVW"
MONTHS = "January February March April May June July August September October November December".split()


@dataclass
class Org:
    name: str
    kind: str
    city: str
    country: str
    labs: list[str] = field(default_factory=list)


@dataclass
class World:
    """Shared pools: organisations, people, venues. Documents draw from these."""

    rng: random.Random
    universities: list[Org]
    companies: list[Org]
    people: list[str]

    @classmethod
    def make(cls, n_docs: int, seed: int) -> "World":
        rng = random.Random(seed)
        universities = []
        for i, (city, country) in enumerate(PLACES):
            for variant in ("University of {c}", "{c} Institute of Technology", "{c} State University"):
                name = variant.format(c=city)
                labs = [f"{topic} Lab" for topic in rng.sample([t for _, ts in FIELDS for t in ts], 3)]
                universities.append(Org(name, "University", city, country, labs))
        companies = [
            Org(f"{stem} {suffix}", "Company", *rng.choice(PLACES), labs=[f"{stem} Research"])
            for stem in COMPANY_STEMS
            for suffix in ("Inc.", "Technologies", "Labs Ltd")
        ]
        return cls(rng, universities, companies, _people(rng, max(50, n_docs * 3)))


def _people(rng: random.Random, target: int) -> list[str]:
    """A pool of ``target`` distinct names, roughly proportional to the corpus, so names recur
    across documents: first the plain culture pools (~800 names), then given names with a
    middle initial and a synthetic family name (~670k more), so any corpus size terminates."""
    plain = sorted(f"{g} {f}" for c in GIVEN for g in GIVEN[c] for f in FAMILY[c])
    rng.shuffle(plain)
    people = set(plain[:target])
    given = [g for c in GIVEN for g in GIVEN[c]]
    while len(people) < target:
        people.add(f"{rng.choice(given)} {rng.choice(INITIALS)}. {rng.choice(ONSETS)}{rng.choice(CODAS)}")
    return sorted(people)


@dataclass
class Profile:
    name: str
    email: str
    field: str
    education: list[dict]
    positions: list[dict]
    publications: list[dict]
    projects: list[str]


def _profile(world: World, index: int) -> Profile:
    rng = world.rng
    name = world.people[index % len(world.people)] if index < len(world.people) else rng.choice(world.people)
    field_name, topics = rng.choice(FIELDS)
    year = rng.randint(1995, 2016)
    education, positions = [], []
    for degree in rng.sample(DEGREES[2:], 1) + [DEGREES[1], DEGREES[0]][: rng.randint(1, 2)]:
        uni = rng.choice(world.universities)
        span = 4 if degree[0].startswith("B") else rng.randint(2, 5)
        education.append({
            "degree": rng.choice(degree), "field": field_name, "org": uni, "start": year, "end": year + span,
            "advisor": rng.choice(world.people) if degree[0] == "PhD" else None,
        })
        year += span
    for _ in range(rng.randint(1, 4)):
        org = rng.choice(world.universities + world.companies)
        span = rng.randint(1, 5)
        end = year + span
        positions.append({
            "role": rng.choice(["Postdoctoral Researcher", "Assistant Professor", "Research Scientist",
                                "Associate Professor", "Research Intern", "Senior Engineer"]),
            "org": org, "lab": rng.choice(org.labs) if org.labs and rng.random() < 0.6 else None,
            "start": year, "start_month": rng.randint(1, 12), "end": None if end > 2025 else end,
            "mentor": rng.choice(world.people) if rng.random() < 0.3 else None,
        })
        year = end
    publications = []
    for _ in range(rng.randint(0, 12)):
        authors = rng.sample(world.people, rng.randint(1, 5))
        authors.insert(rng.randint(0, len(authors)), name)
        publications.append({
            "title": " ".join(rng.sample(TITLE_WORDS, rng.randint(4, 8))).capitalize(),
            "authors": authors, "venue": rng.choice(VENUES[field_name]), "year": rng.randint(2005, 2025),
        })
    projects = [f"{rng.choice(COMPANY_STEMS)}{rng.choice(['Kit', 'Flow', 'DB', 'Lab', 'Sim'])}"
                for _ in range(rng.randint(0, 2))]
    email = name.lower().replace(" ", ".").encode("ascii", "ignore").decode() + "@example.org"
    return Profile(name, email, field_name, education, positions, publications, projects)


def _span(p: dict) -> str:
    start = f"{MONTHS[p['start_month'] - 1]} {p['start']}" if p.get("start_month") else str(p["start"])
    return f"{start} - {p['end'] if p['end'] else 'Present'}"


def _where(p: dict) -> str:
    return f"{p['lab']}, {p['org'].name}" if p.get("lab") else p["org"].name


def _citation(pub: dict) -> str:
    return f"{', '.join(pub['authors'])}. {pub['title']}. {pub['venue']}, {pub['year']}."


def _txt(pr: Profile) -> str:
    out = [pr.name, f"Email: {pr.email}", "", "Education"]
    for e in pr.education:
        out.append(f"{e['degree']} in {e['field']}, {e['org'].name}, {e['start']} - {e['end']}")
        if e["advisor"]:
            out.append(f"Advisor: Prof. {e['advisor']}")
    out += ["", "Experience"]
    for p in pr.positions:
        out += [f"{_where(p)}, {_span(p)}", p["role"]]
        if p["mentor"]:
            out.append(f"Mentor: {p['mentor']}")
    if pr.publications:
        out += ["", "Publications"] + [f"- {_citation(pub)}" for pub in pr.publications]
    if pr.projects:
        out += ["", "Projects"] + [f"- {proj}: an open-source toolkit I developed." for proj in pr.projects]
    return "\n".join(out) + "\n"


def _md(pr: Profile) -> str:
    out = ["---", f'title: "{pr.name}"', f"email: {pr.email}", "---", "", f"# {pr.name}", "",
           "<!-- generated profile page -->", "## Education", ""]
    for e in pr.education:
        out.append(f"- **{e['org'].name}** {e['org'].city}, {e['org'].country}  ")
        out.append(f"  *{e['degree']} in {e['field']}* *{e['start']} - {e['end']}*  ")
        if e["advisor"]:
            out.append(f"  Advisor: {e['advisor']}")
    out += ["", "## Work Experience", ""]
    for p in pr.positions:
        out += [f"- **{_where(p)}** {p['org'].city}  ", f"  *{p['role']}* *{_span(p)}*"]
    if pr.publications:
        out += ["", "## Publications", ""]
        for pub in pr.publications:
            authors = ", ".join(f"**{a}**" if a == pr.name else a for a in pub["authors"])
            out += [f"- **{pub['title']}**  ", f"  {authors}  ", f"  *{pub['venue']} {pub['year']}*"]
    return "\n".join(out) + "\n"


def _html(pr: Profile) -> str:
    esc = html.escape
    out = ["<!doctype html>", f"<html><head><title>{esc(pr.name)}</title>",
           "<style>body{font-family:serif}</style><script>var x = 1;</script></head><body>",
           "<nav><a href='/'>Home</a> <a href='/cv'>CV</a></nav>",
           f"<h1>{esc(pr.name)}</h1>", f"<p>Contact: <a href='mailto:{esc(pr.email)}'>{esc(pr.email)}</a></p>",
           "<h2>Education</h2><ul>"]
    for e in pr.education:
        out.append(f"<li>{esc(e['degree'])} in {esc(e['field'])}, {esc(e['org'].name)}, {e['start']}&ndash;{e['end']}</li>")
    out.append("</ul><h2>Positions</h2><ul>")
    for p in pr.positions:
        out.append(f"<li>{esc(p['role'])}, {esc(_where(p))}, {esc(_span(p))}</li>")
    out.append("</ul>")
    if pr.publications:
        out.append("<h2>Publications</h2><ol>")
        out += [f"<li>{esc(_citation(pub))}</li>" for pub in pr.publications]
        out.append("</ol>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _tex(pr: Profile) -> str:
    def t(text: str) -> str:
        return text.replace("&", r"\&").replace("_", r"\_").replace("%", r"\%")

    out = [r"\documentclass{article}", r"\begin{document}", rf"\section*{{{t(pr.name)}}}",
           rf"\href{{mailto:{pr.email}}}{{{pr.email}}}", r"\section{Education}", r"\begin{itemize}"]
    for e in pr.education:
        out.append(rf"\item {t(e['degree'])} in {t(e['field'])}, \textbf{{{t(e['org'].name)}}}, {e['start']}--{e['end']}")
    out += [r"\end{itemize}", r"\section{Employment}", r"\begin{itemize}"]
    for p in pr.positions:
        out.append(rf"\item {t(p['role'])}, {t(_where(p))} \hfill {t(_span(p))}")
    out.append(r"\end{itemize}")
    if pr.publications:
        out += [r"\section{Publications}", r"\begin{enumerate}"]
        out += [rf"\item {t(_citation(pub))}" for pub in pr.publications]
        out.append(r"\end{enumerate}")
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


def _json_resume(pr: Profile) -> str:
    record = {
        "basics": {"name": pr.name, "email": pr.email},
        "education": [{"institution": e["org"].name, "studyType": e["degree"], "area": e["field"],
                       "startDate": str(e["start"]), "endDate": str(e["end"])} for e in pr.education],
        "work": [{"name": _where(p), "position": p["role"], "startDate": f"{p['start']}-{p['start_month']:02d}",
                  **({"endDate": str(p["end"])} if p["end"] else {})} for p in pr.positions],
        "publications": [{"name": pub["title"], "publisher": pub["venue"], "releaseDate": str(pub["year"])}
                         for pub in pr.publications],
    }
    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"


def _yaml_cv(pr: Profile) -> str:
    def q(text) -> str:
        return json.dumps(str(text), ensure_ascii=False)  # JSON strings are valid YAML scalars

    out = [f"name: {q(pr.name)}", f"email: {q(pr.email)}", "education:"]
    for e in pr.education:
        out += [f"  - degree: {q(e['degree'] + ' ' + e['field'])}", f"    institution: {q(e['org'].name)}",
                f"    year: {e['end']}"]
    out.append("positions:")
    for p in pr.positions:
        out += [f"  - title: {q(p['role'])}", f"    institution: {q(_where(p))}",
                f"    start: {p['start']}", f"    end: {q(p['end'] or 'present')}"]
    if pr.publications:
        out.append("publications:")
        for pub in pr.publications:
            out += [f"  - title: {q(pub['title'])}", f"    authors: {q(', '.join(pub['authors']))}",
                    f"    venue: {q(pub['venue'])}", f"    year: {pub['year']}"]
    return "\n".join(out) + "\n"


RENDER = {"txt": _txt, "md": _md, "html": _html, "tex": _tex, "json": _json_resume, "yml": _yaml_cv}


def generate(n: int, *, seed: int = 0, formats: tuple[str, ...] = FORMATS) -> Iterator[tuple[str, str]]:
    """Yield ``(file name, text)`` for ``n`` documents, cycling through ``formats``."""
    world = World.make(n, seed)
    for i in range(n):
        fmt = formats[i % len(formats)]
        profile = _profile(world, i)
        yield f"doc-{i:06d}.{fmt}", RENDER[fmt](profile)


def write_corpus(n: int, out: Path, *, seed: int = 0, formats: tuple[str, ...] = FORMATS) -> int:
    """Write ``n`` generated documents under ``out`` (sharded in folders of 1,000); return bytes written."""
    total = 0
    for name, text in generate(n, seed=seed, formats=formats):
        shard = out / f"shard-{int(name[4:10]) // 1000:03d}"
        shard.mkdir(parents=True, exist_ok=True)
        data = text.encode("utf-8")
        (shard / name).write_bytes(data)
        total += len(data)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="number of documents (e.g. 1000, 10000, 100000)")
    parser.add_argument("--out", type=Path, required=True, help="output folder")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--formats", default=",".join(FORMATS), help=f"comma-separated subset of {FORMATS}")
    args = parser.parse_args(argv)
    formats = tuple(f.strip() for f in args.formats.split(",") if f.strip())
    unknown = set(formats) - set(FORMATS)
    if unknown:
        parser.error(f"unknown formats: {', '.join(sorted(unknown))}")
    started = time.perf_counter()
    size = write_corpus(args.n, args.out, seed=args.seed, formats=formats)
    seconds = time.perf_counter() - started
    print(f"{args.n} documents, {size / 1e6:.1f} MB in {args.out} ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
