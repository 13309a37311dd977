"""The Python SDK of oz0.

``oz0.fit`` fits a tool's results to a token budget as the platform does: the biggest view of a
document that fits (full, section, summary or stub) and a fit note of what it left out. It uses only the
standard library.
"""

__version__ = "0.1.0"
