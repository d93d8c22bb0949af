"""The rulebooks as web pages: ``GET /rules`` lists both games' sections, ``GET /rules/<id>`` shows one
rule (or a whole section) of either book, so the page's explanations of its actions and its refusals
can link to the rule they cite (docs/web.md).

The books (python/bieten/<game>/rules.md) use a small part of Markdown: headings, paragraphs, ``-`` lists
whose items continue on indented lines, pipe tables, fenced code, ``code``, ``**bold**`` and relative
links. This renders exactly that, escaping every character of the book, so no Markdown library is
needed; a rule id in the text (``R7.4``, ``S6.6``) becomes a link to its own page.

>>> html = rule_page("S8.5")
>>> "<h3 id=\\"S8.5\\">S8.5 Doubles</h3>" in html, "<code>spritze</code>" in html
(True, True)
>>> render_markdown("See R7.4 & <b>.")
'<p>See <a href="/rules/R7.4">R7.4</a> &amp; &lt;b&gt;.</p>'
"""

from __future__ import annotations

import re
from html import escape

from bieten._families import FAMILIES
from bieten._rulebook import RuleIdError, find_rule, rulebooks, rules
from bieten.web._offered import OFFERED

__all__ = ["render_markdown", "rule_page", "rules_index", "unknown_rule_page"]

# A rule id of any registered game's book (its rule prefix, then numbers).
_RULE_ID = re.compile(rf"\b([{''.join(f.rule_prefix for f in FAMILIES)}]\d+(?:\.\d+)*)\b")
_HEADING = re.compile(r"^(#{1,6}) (.+)$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_BOOK_LINK = {name: "/rules" for name, _ in rulebooks()}

#: The games the page offers (bieten.web._offered), as the header's link to a new table names them
#: (their titles, "·" between).
_GAMES = " · ".join(family.title for family in OFFERED)

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1d2321;
  background: #e9e6dc; line-height: 1.5; }
header { background: #164f33; color: #fff; padding: .5rem 1rem;
  display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
header a { color: #fff; font-weight: 600; }
main { max-width: 46rem; margin: 0 auto; padding: .75rem 1rem 2rem; background: #fbfaf6; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #d8d3c5; padding: .25rem .5rem; text-align: left; vertical-align: top; }
pre { overflow-x: auto; background: #f1eee4; padding: .5rem; }
code { background: #f1eee4; padding: 0 .2em; border-radius: 3px; }
a { color: #0b5d8c; }
h2, h3, h4 { scroll-margin-top: .5rem; }
.error { color: #b71c1c; font-weight: 600; }
"""


def _rule_link(match: re.Match[str]) -> str:
    rule_id = match.group(1)
    try:
        find_rule(rule_id)
    except RuleIdError:
        return rule_id
    return f'<a href="/rules/{rule_id}">{rule_id}</a>'


def _plain(text: str) -> str:
    """Markdown text outside code spans as HTML: links, bold and rule ids; every character escaped."""
    links: list[str] = []

    def keep(match: re.Match[str]) -> str:
        target = _BOOK_LINK.get(match.group(2), match.group(2))
        if target.startswith("/"):
            links.append(f'<a href="{escape(target)}">{escape(match.group(1))}</a>')
        else:  # a link out of the book: its text only
            links.append(escape(match.group(1)))
        return f"\x00{len(links) - 1}\x00"

    html = escape(_LINK.sub(keep, text), quote=False)
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    html = _RULE_ID.sub(_rule_link, html)
    return re.sub("\x00(\\d+)\x00", lambda m: links[int(m.group(1))], html)


def _inline(text: str) -> str:
    """One line's Markdown (already without block syntax) as HTML: every character escaped."""
    parts = text.split("`")
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 1 and i < len(parts) - 1:  # inside a code span: only escaped
            out.append(f"<code>{escape(part)}</code>")
        else:
            out.append(_plain(part if i % 2 == 0 else "`" + part))  # an unpaired backtick stays
    return "".join(out)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def render_markdown(text: str) -> str:
    """The rulebooks' Markdown as HTML (headings, paragraphs, lists, tables, code), all escaped."""
    lines = text.splitlines()
    out: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            out.append(f"<p>{_inline(' '.join(paragraph))}</p>")
            paragraph.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            flush()
            end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), len(lines))
            out.append(f"<pre>{escape(chr(10).join(lines[i + 1 : end]))}</pre>")
            i = end + 1
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            level, title = len(heading.group(1)), heading.group(2)
            ident = _RULE_ID.match(title)
            anchor = f' id="{ident.group(1)}"' if ident else ""
            out.append(f"<h{level}{anchor}>{escape(title.replace('`', ''))}</h{level}>")
            i += 1
            continue
        if line.startswith("|") and i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1].strip()):
            flush()
            head = "".join(f"<th>{_inline(c)}</th>" for c in _cells(line))
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in _cells(lines[i])) + "</tr>")
                i += 1
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
            continue
        item = re.match(r"^(-|\d+\.) (.*)$", line)
        if item:
            flush()
            tag = "ul" if item.group(1) == "-" else "ol"
            items: list[str] = []
            while i < len(lines):
                item = re.match(r"^(-|\d+\.) (.*)$", lines[i])
                if item:
                    items.append(item.group(2))
                elif lines[i].startswith("  ") and items:
                    items[-1] += " " + lines[i].strip()
                else:
                    break
                i += 1
            out.append(f"<{tag}>" + "".join(f"<li>{_inline(t)}</li>" for t in items) + f"</{tag}>")
            continue
        if not line.strip():
            flush()
        else:
            paragraph.append(line.strip())
        i += 1
    flush()
    return "\n".join(out)


def _untick(text: str) -> str:
    """A title as plain text: its code spans without their backticks (a page's <title>)."""
    return text.replace("`", "")


def _title(text: str) -> str:
    """A rule's title in a list of links: its code spans as code, never as backticks, and no link
    inside the link."""
    parts = text.split("`")
    return "".join(
        f"<code>{escape(part)}</code>" if i % 2 == 1 and i < len(parts) - 1 else escape(part)
        for i, part in enumerate(parts)
    )


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(_untick(title))}</title>"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
        f"<style>{_STYLE}</style></head><body>"
        f'<header><a href="/">{escape(_GAMES)}: new table</a><a href="/rules">All rules</a></header>'
        f"<main>{body}</main></body></html>\n"
    )


def rule_page(rule_id: str) -> str:
    """The page of one rule (or section) of either game; raises ``RuleIdError`` for an unknown id."""
    rule = find_rule(rule_id)
    up = ""
    if rule.level > 2:
        parent = rule.id.rsplit(".", 1)[0]
        title = _title(find_rule(parent).title)
        up = f'<p>Part of <a href="/rules/{parent}">{parent} {title}</a>.</p>'
    return _page(f"{rule.id} {rule.title}", up + render_markdown(rule.text))


def rules_index() -> str:
    """Both rulebooks' sections and rules, each a link to its page."""
    body = ["<h1>The rules</h1>"]
    for name, game in rulebooks():
        body.append(f"<h2>{escape(game)}</h2><ul>")
        for rule in rules(name):
            if rule.level > 3:
                continue
            link = f'<a href="/rules/{rule.id}">{rule.id}</a> {_title(rule.title)}'
            body.append(f"<li><strong>{link}</strong></li>" if rule.level == 2 else f"<li>{link}</li>")
        body.append("</ul>")
    titles = [f.title for f in FAMILIES]
    return _page(f"The rules of {' and '.join([', '.join(titles[:-1]), titles[-1]])}", "".join(body))


def unknown_rule_page(message: str) -> str:
    """The page of a rule id that is in neither book: what is wrong and the way to every rule."""
    body = f'<h1>No such rule</h1><p class="error">{escape(message)}</p><p><a href="/rules">All rules</a></p>'
    return _page("No such rule", body)
