"""Realistic over-long texts: the existing value grown with plausible marketing words, never random bytes."""

FILLER = ("Organize your notes, tasks and files in one place, sync them across every device, share them with your "
          "team and find anything in seconds with fast full-text search and smart filters. ")


def grow(existing, limit, extra=5):
    """The existing text (stripped) extended with words until it is `extra` characters past `limit`."""
    base = (existing or "").strip()
    if len(base) > limit:
        base = base[:limit - 10].rstrip()
    text = base
    i = 0
    while len(text) <= limit + extra - 1:
        text = (text + " " if text else "") + FILLER.split(" ")[i % len(FILLER.split(" "))]
        i += 1
    return text.strip() + "\n"


def one_line_over(existing, limit):
    """A single-line value (name, title, keywords) past the limit."""
    return grow((existing or "").splitlines()[0] if (existing or "").strip() else "", limit).replace("\n", "") + "\n"


def keywords_over(existing, limit=100):
    words = [w.strip() for w in (existing or "").split(",") if w.strip()]
    extra = ["notes", "tasks", "planner", "reminders", "checklist", "organizer", "productivity", "calendar", "sync",
             "journal", "diary", "memo", "todo", "schedule", "habits", "focus", "projects", "agenda"]
    i = 0
    while len(",".join(words)) <= limit + 3:
        words.append(extra[i % len(extra)] + ("" if i < len(extra) else str(i)))
        i += 1
    return ",".join(words) + "\n"
