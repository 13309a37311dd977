"""Broken notes: MCP servers whose functions make each mistake oz0 plugin lint's listing rules catch.

Run as `server.py notes` or `server.py archive`. The mistakes are on purpose; the comment above each
function names the rule it breaks.
"""

import sys
from typing import Literal

from mcp.server import MCPServer

View = Literal["stub", "summary", "section", "full"]
OddView = Literal["brief", "summary", "full"]

notes = MCPServer("broken-notes", version="0.1.0")
archive = MCPServer("broken-archive", version="0.1.0")


# OZ-F003: a budget with no view beside it is never filled in.
@notes.tool()
def read_note(name: str, budget: int | None = None) -> str:
    """Read a note by its name."""
    return name


# OZ-F005: a view with values that are not views.
@notes.tool()
def find_notes(words: str, view: OddView | None = None, budget: int | None = None) -> str:
    """Find notes that hold the words."""
    return words


# OZ-F004: a budget that is not an integer, beside the convention's view.
@notes.tool()
def export_notes(view: View | None = None, budget: float | None = None) -> str:
    """Export every note as one document."""
    return ""


# OZ-L002: no description.
@notes.tool()
def count_notes() -> int:
    return 0


# OZ-F006: follows the convention, but its tool lacks `results: {fit: true}`.
@archive.tool()
def get_archive(year: int, view: View | None = None, budget: int | None = None, query: str | None = None) -> str:
    """Read the notes archived in a year."""
    return str(year)


# OZ-D001: a definition that costs every model request more than 1,000 tokens.
@archive.tool(description="Restore archived notes. " + " ".join(f"Case {i}: when the archive of year {2000 + i} holds notes in the old format, convert each note first, keep its labels, and say which notes were converted." for i in range(60)))
def restore(year: int) -> str:
    return str(year)


if __name__ == "__main__":
    {"notes": notes, "archive": archive}[sys.argv[1] if len(sys.argv) > 1 else "notes"].run()
