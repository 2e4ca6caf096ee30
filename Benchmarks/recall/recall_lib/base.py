"""What a defect class is, and what seeding one answers."""


class Seeded:
    """The defect is in the copy. `files`: where the finding is expected (the file the store reads);
    `shape`: which way the mutator found its target (e.g. 'catalog', 'Supplyfile'), for the report."""

    def __init__(self, files, what, shape="default"):
        self.files = [files] if isinstance(files, str) else list(files)
        self.what = what
        self.shape = shape


class NoTarget(Exception):
    """The repository offers no place where a real commit would introduce this defect (not a catch, not a miss)."""


class DefectClass:
    """A realistic release defect, seeded one at a time.

    name       short id, used on the command line (--classes)
    store      appstore | play | fdroid
    checklist  the rules/*.yml checklist that should report it
    rules      rule ids any of which is a catch (error or warning)
    source     the store's own word (URL) that makes it a rejection
    scope      'file': the finding must point at one of the seeded files; 'project': a project-wide fact (the
               finding may point anywhere, e.g. the targetSdk that a build resolves through several files)
    control    True for a harmless mutation: any new error or warning is a false alarm
    prepare    for a control, an optional setting applied before the seed and checked as its baseline (a workflow
               that uploads the tree for the first time): only what the seed then adds must stay silent, since
               the setting may rightly bring the tree under a store's rules (localsend's en-US names iOS)
    outcome    'graded' (an error or warning is the catch, counted in the recall), 'manual' (the catch is one of
               `rules` among the manual items: what only the store console knows, docs/severity.md) or 'note'
               (an info finding): those two are tallied apart, so that they never inflate the error/warning recall
    """

    name = ""
    store = ""
    checklist = ""
    rules = ()
    source = ""
    scope = "file"
    control = False
    outcome = "graded"
    title = ""
    prepare = None

    def seed(self, tree):  # pragma: no cover - each class defines it
        raise NotImplementedError

    def describe(self):
        return {"name": self.name, "title": self.title, "store": self.store, "checklist": self.checklist,
                "rules": list(self.rules), "source": self.source, "scope": self.scope, "control": self.control,
                "outcome": self.outcome}


def defect(name, store, checklist, rules, source, title, scope="file", control=False, outcome="graded", prepare=None):
    """Class decorator-free helper: wraps a seed function into a DefectClass instance."""

    def wrap(fn):
        obj = DefectClass()
        obj.name, obj.store, obj.checklist = name, store, checklist
        obj.rules = tuple(rules) if not isinstance(rules, str) else (rules,)
        if outcome not in ("graded", "manual", "note"):
            raise ValueError(f"{name}: outcome must be graded, manual or note, not {outcome!r}")
        obj.source, obj.title, obj.scope, obj.control, obj.outcome = source, title, scope, control, outcome
        obj.seed = fn
        obj.prepare = prepare
        obj.__doc__ = fn.__doc__
        return obj

    return wrap
