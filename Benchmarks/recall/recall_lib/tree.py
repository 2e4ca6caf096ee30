"""A hard-link copy of a laid-out repository that a mutator may edit safely.

`cp -al` shares every file's inode with the original, so a write through an open file would change the original
too. Every write here goes to a temporary file in the same folder that is then renamed over the name: the copy's
name points at a new inode and the original is untouched. Removing a file only unlinks the copy's name.
"""
import os
import re
import shutil
import subprocess
import tempfile

# The largest file a seeder reads (and may rewrite): real project.pbxproj files pass 1 MB.
READ_LIMIT = 32_000_000

# Folders no build or upload reads from the repository itself (dependencies, outputs, tool state).
SKIP_DIRS = {".git", "node_modules", "Pods", "build", ".build", ".gradle", ".dart_tool", "DerivedData", "Carthage",
             ".idea", ".swiftpm", "vendor", ".bundle"}

TEST_PARTS = re.compile(r"(^|/)(test|tests|androidTest|testDebug|testRelease|androidUnitTest|commonTest|jvmTest|"
                        r"iosTest|UITests|[A-Za-z0-9_]*Tests|[A-Za-z0-9_]*Test|testing|testFixtures|fixtures|"
                        r"example|examples|sample|samples|docs|screenshots-tests|[A-Za-z]*Screenshots)(/|$)")


def is_test_path(rel):
    return bool(TEST_PARTS.search(rel))


def list_files(root):
    """Every regular file under root (relative, sorted), outside SKIP_DIRS; symlinks are left out."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not os.path.islink(os.path.join(dirpath, d)))
        for name in filenames:
            full = os.path.join(dirpath, name)
            if os.path.islink(full) or not os.path.isfile(full):
                continue
            out.append(os.path.relpath(full, root))
    out.sort()
    return out


class Tree:
    """One copy of a repository; `files` is the original's listing (the copy starts identical)."""

    def __init__(self, original, root, files, shared=None):
        self.original = original
        self.root = root  # the copy's path; made by `cp -al` on the first write (a mutator without a target
        self.copied = False  # costs no copy)
        self.files = files
        self.changed = []  # relative paths written, created or removed (for the report)
        self._cache = {}
        self._shared = shared if shared is not None else {}  # the original's texts, shared by every class of a repo
        self.before = []  # the original's findings: a mutator avoids a file already reported for its rule
        self.before_manual = set()  # the rule ids of the original's manual items

    def flagged(self, rules):
        """Paths where the original already has a graded finding of one of `rules` (a seed there is invisible)."""
        return {f.get("path", "") for f in self.before
                if f.get("rule") in rules and f.get("severity") in ("error", "warning")}

    # Reading -------------------------------------------------------------------------------------------------
    def path(self, rel):
        return os.path.join(self.root if self.copied else self.original, rel)

    def materialize(self):
        if not self.copied:
            hardlink_copy(self.original, self.root)
            self.copied = True

    def exists(self, rel):
        return os.path.lexists(self.path(rel))

    def read(self, rel):
        if rel not in self.changed and rel in self._shared:
            return self._shared[rel]
        if rel not in self._cache:
            try:
                with open(self.path(rel), "rb") as handle:
                    data = handle.read(READ_LIMIT + 1)
                # A file over the limit is not read at all: a truncated text written back would seed a broken file
                # (pocket-casts-ios's 1.05 MB project.pbxproj came back unparseable, and the seed counted as missed).
                self._cache[rel] = None if len(data) > READ_LIMIT else data.decode("utf-8", errors="surrogateescape")
            except OSError:
                self._cache[rel] = None
            if not self.changed:  # nothing written yet: this is the original's text
                self._shared[rel] = self._cache[rel]
        return self._cache[rel]

    def glob(self, pattern):
        """Files whose relative path matches a regular expression (searched, not anchored)."""
        rx = re.compile(pattern)
        return [f for f in self.files if rx.search(f)]

    def grep(self, pattern, files):
        """(file, match) for each file among `files` whose text matches the pattern, first match only."""
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        out = []
        for f in files:
            text = self.read(f)
            if text is None:
                continue
            m = rx.search(text)
            if m:
                out.append((f, m))
        return out

    def dirs(self):
        seen = set()
        for f in self.files:
            d = os.path.dirname(f)
            while d and d not in seen:
                seen.add(d)
                d = os.path.dirname(d)
        return sorted(seen)

    # Writing (always a new inode) ----------------------------------------------------------------------------
    def _note_new_folders(self, rel):
        """Records the highest folder on rel's path that the copy lacks (revert removes it)."""
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            sub = "/".join(parts[:i])
            if not os.path.lexists(os.path.join(self.root, sub)):
                self.changed.append(sub)
                return

    def write(self, rel, text):
        self.materialize()
        full = self.path(rel)
        folder = os.path.dirname(full)
        self._note_new_folders(rel)
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".recall-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8", errors="surrogateescape") if isinstance(text, str) else text)
        if os.path.lexists(full) and os.path.isdir(full):
            raise OSError(f"{rel} is a folder")
        os.replace(tmp, full)
        self._cache.pop(rel, None)
        self.changed.append(rel)

    def remove(self, rel):
        self.materialize()
        full = self.path(rel)
        if os.path.isdir(full) and not os.path.islink(full):
            shutil.rmtree(full)
        else:
            os.unlink(full)
        self._cache.pop(rel, None)
        self.changed.append(rel)

    def move_tree(self, src, dst):
        """Moves a folder (renames within the copy; the original's inodes stay where they were)."""
        self.materialize()
        self._note_new_folders(dst)
        os.makedirs(os.path.dirname(self.path(dst)) or self.root, exist_ok=True)
        os.rename(self.path(src), self.path(dst))
        self.changed.append(src)
        self.changed.append(dst)
        self._cache.clear()


def revert(tree):
    """Puts the copy back as the original: every changed name is removed and, where the original has it, linked
    again (`cp -al` for a folder). The caller verifies the listing and falls back to a fresh copy."""
    for rel in sorted(set(tree.changed), key=lambda r: -r.count("/")):
        full = os.path.join(tree.root, rel)
        if os.path.isdir(full) and not os.path.islink(full):
            shutil.rmtree(full)
        elif os.path.lexists(full):
            os.unlink(full)
    for rel in sorted(set(tree.changed), key=lambda r: r.count("/")):
        src, dst = os.path.join(tree.original, rel), os.path.join(tree.root, rel)
        if os.path.lexists(dst) or not os.path.lexists(src):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.isdir(src) and not os.path.islink(src):
            subprocess.run(["cp", "-al", src, dst], check=True)
        else:
            os.link(src, dst, follow_symlinks=False)


def hardlink_copy(original, dest):
    """`cp -al original dest`: a copy whose files share the original's inodes (never written through)."""
    subprocess.run(["cp", "-al", original, dest], check=True)


def same_inode(a, b):
    try:
        return os.stat(a).st_ino == os.stat(b).st_ino
    except OSError:
        return False
