#!/usr/bin/env python3
"""Renders Markdown from stdin to HTML on stdout with Python-Markdown (tables extension), so the
Swift tests can check that a report's tables and links survive a real Markdown renderer. md_in_html reads
Markdown inside <details markdown="1"> as GitHub reads it inside <details> after a blank line.
Exit 3 when the package is missing: pip install markdown==3.11.3"""
import sys

try:
    import markdown
except ImportError:
    sys.stderr.write("python3 module 'markdown' is missing: pip install markdown==3.11.3\n")
    sys.exit(3)

sys.stdout.write(markdown.markdown(sys.stdin.read(), extensions=["tables", "md_in_html"]))
