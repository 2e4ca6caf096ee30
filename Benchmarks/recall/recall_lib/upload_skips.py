"""Which parts every upload of a fastlane folder skips, resolved as fastlane resolves an option (fastlane_core
configuration.rb: the action's argument, else its environment variable, else the default false): supply's
skip_upload_metadata / _changelogs / _images / _screenshots read SUPPLY_SKIP_UPLOAD_METADATA... (supply/lib/supply/
options.rb, env_name), deliver's skip_metadata / skip_screenshots read DELIVER_SKIP_METADATA... A Boolean option
takes "true", "TRUE", "yes", "YES" from the environment (fastlane_core Boolean.convert). The environment of a lane is
that of each workflow step that runs it (workflow, job and step `env:`, `VAR=value` before the command), the fastlane
folder's .env and .env.default under it; a lane no workflow runs is a developer's run with those two files only.
A small model for the harness, not shipcheck's."""
import posixpath
import re
import shlex

OPTIONS = {
    "play": ("skip_upload_metadata", "skip_upload_images", "skip_upload_screenshots", "skip_upload_changelogs"),
    "appstore": ("skip_metadata", "skip_screenshots"),
}
ENV_PREFIX = {"play": "SUPPLY_", "appstore": "DELIVER_"}
ACTIONS = {"play": ("supply", "upload_to_play_store"), "appstore": ("deliver", "upload_to_app_store", "appstore")}
TRUE = {"true", "TRUE", "yes", "YES"}
LANE = re.compile(r"^\s*(?:private_)?lane\s*\(?\s*:(\w+)", re.M)


# A workflow, read as far as GitHub's block YAML goes (mappings, sequences, block scalars; flow collections are
# kept as text).
def _scalar(text):
    text = text.strip()
    if text[:1] in ("'", '"') and text[-1:] == text[:1] and len(text) >= 2:
        return text[1:-1]
    return re.sub(r"\s+#.*$", "", text)


def _block(lines, i, indent):
    """(value, next index) of the block at line i, whose items start at `indent`."""
    if lines[i][1].startswith("- ") or lines[i][1] == "-":
        items = []
        while i < len(lines) and lines[i][0] == indent and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            rest = lines[i][1][2:].strip()
            if not rest:
                i += 1
                if i < len(lines) and lines[i][0] > indent:
                    value, i = _block(lines, i, lines[i][0])
                    items.append(value)
                continue
            if re.match(r"^[\w\-\"' ]+:(\s|$)", rest):
                # `- name: x` then the item's other keys two columns in.
                lines[i] = (indent + 2, rest, lines[i][2])
                value, i = _block(lines, i, indent + 2)
                items.append(value)
            else:
                items.append(_scalar(rest))
                i += 1
        return items, i
    mapping = {}
    while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
        key, _, rest = lines[i][1].partition(":")
        key, rest = _scalar(key), rest.strip()
        i += 1
        if rest[:1] in ("|", ">"):
            body = []
            while i < len(lines) and lines[i][0] > indent:
                body.append(lines[i][2])
                i += 1
            mapping[key] = "\n".join(body)
        elif rest and not rest.startswith("#"):
            mapping[key] = _scalar(rest)
        elif i < len(lines) and (lines[i][0] > indent or (lines[i][0] == indent and lines[i][1].startswith("- "))):
            mapping[key], i = _block(lines, i, lines[i][0])
        else:
            mapping[key] = ""
    return mapping, i


def read_workflow(text):
    """The workflow as nested dicts and lists (empty when it is not a block mapping)."""
    lines = [(len(raw) - len(raw.lstrip(" ")), raw.strip(), raw) for raw in text.splitlines()
             if raw.strip() and not raw.strip().startswith("#")]
    if not lines:
        return {}
    try:
        value, _ = _block(lines, 0, lines[0][0])
    except (IndexError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _env(block):
    return {str(k): str(v) for k, v in block.items()} if isinstance(block, dict) else {}


def fastlane_runs(tree):
    """Each `fastlane ...` command a workflow step runs: (the folder it runs in, its words after `fastlane`, its
    environment, the workflow file)."""
    runs = []
    for f in sorted(tree.files):
        if not f.startswith(".github/workflows/") or not f.endswith((".yml", ".yaml")):
            continue
        doc = read_workflow(tree.read(f) or "")
        jobs = doc.get("jobs")
        for job in (jobs.values() if isinstance(jobs, dict) else []):
            if not isinstance(job, dict):
                continue
            defaults = job.get("defaults")
            job_dir = defaults.get("run", {}).get("working-directory", "") if isinstance(defaults, dict) and isinstance(defaults.get("run"), dict) else ""
            steps = job.get("steps")
            for step in (steps if isinstance(steps, list) else []):
                if not isinstance(step, dict) or "fastlane" not in str(step.get("run", "")):
                    continue
                env = dict(_env(doc.get("env")), **_env(job.get("env")))
                env.update(_env(step.get("env")))
                folder = str(step.get("working-directory", job_dir) or "")
                runs += [(where, words, dict(env, **inline), f) for where, words, inline in _commands(str(step["run"]), folder)]
    # A shell script's commands run from its own folder (medTimer's uploadToPlay.sh beside fastlane/).
    for f in sorted(tree.files):
        if f.endswith(".sh"):
            runs += [(where, words, inline, f) for where, words, inline in _commands(tree.read(f) or "", posixpath.dirname(f))]
    return runs


def _commands(script, folder):
    """`fastlane` commands of a shell script: (folder after any `cd`, words after fastlane, `VAR=x` before it)."""
    out = []
    script = re.sub(r"\\\n", " ", script)
    for line in script.splitlines():
        for part in re.split(r"&&|;|\|\|", line):
            try:
                words = shlex.split(part, comments=True)
            except ValueError:
                continue
            if words[:1] == ["cd"] and len(words) == 2:
                folder = "" if "$" in words[1] else posixpath.normpath(posixpath.join(folder, words[1]))
                continue
            inline = {}
            while words and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
                key, _, value = words.pop(0).partition("=")
                inline[key] = value
            if words[:2] == ["bundle", "exec"]:
                words = words[2:]
            if words[:1] == ["fastlane"]:
                out.append(("" if folder in (".", "") else folder, words[1:], inline))
    return out


def _dotenv(tree, fl, name):
    f = posixpath.join(fl, name)
    values = {}
    for line in (tree.read(f) or "").splitlines() if f in tree.files else []:
        m = re.match(r"^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(.*)$", line)
        if m:
            values[m.group(1)] = _scalar(m.group(2))
    return values


def _call_args(text, start):
    """The argument text of the action call at `start`: to the matching `)`, else to the end of the line."""
    i = start
    while i < len(text) and text[i] not in "(\n":
        i += 1
    if i >= len(text) or text[i] == "\n":
        return text[start:i]
    depth = 0
    for j in range(i, len(text)):
        depth += text[j] == "("
        depth -= text[j] == ")"
        if depth == 0:
            return text[start:j + 1]
    return text[start:]


def _lanes(text):
    """(lane name, start, end) of each lane: from its `lane :x do` to the next lane."""
    marks = [(m.start(), m.group(1)) for m in LANE.finditer(text)] + [(len(text), None)]
    return [(name, start, end) for (start, name), (end, _) in zip(marks, marks[1:])]


def skips(tree, fl, store):
    """The options every upload of `store` from the fastlane folder `fl` holds true: each call of the Fastfile
    in each run of its lane (or a developer's run when no workflow runs it), and each `fastlane supply` / `fastlane
    deliver` a workflow runs there."""
    options, prefix, actions = OPTIONS[store], ENV_PREFIX[store], ACTIONS[store]
    ff = posixpath.join(fl, "Fastfile")
    text = tree.read(ff) or "" if ff in tree.files else ""
    base = posixpath.dirname(fl)
    files = dict(_dotenv(tree, fl, ".env.default"), **_dotenv(tree, fl, ".env"))
    runs = [(words, env) for where, words, env, _ in fastlane_runs(tree) if where == base]
    spans = _lanes(text)
    lanes = {name: text[start:end] for name, start, end in spans}
    call = re.compile(r"\b(" + "|".join(actions) + r")\b\s*[(\n]")

    def run_lane(words):
        """The lane a run names: `fastlane deploy`, `fastlane android deploy`."""
        names = [w for w in words if not w.startswith("-") and ":" not in w]
        if len(names) >= 2 and names[0] in ("android", "ios", "mac"):
            return names[1]
        return names[0] if names else None

    def callers(lane):
        """The lane and every lane whose text calls it (a `release` lane calling a private `upload` one)."""
        found, pending = {lane}, [lane]
        while pending:
            name = pending.pop()
            for other, body in lanes.items():
                if other not in found and re.search(r"\b" + re.escape(name) + r"\b", body.split("\n", 1)[-1]):
                    found.add(other)
                    pending.append(other)
        return found

    def environments(lane):
        chosen = [env for words, env in runs if lane is None or run_lane(words) in callers(lane)]
        # The workflow's values win: fastlane loads the .env files without overriding the environment.
        return [dict(files, **env) for env in chosen] or [files]

    contexts = []  # (explicit option values, environments)
    for m in call.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].lstrip().startswith("#"):
            continue
        args = _call_args(text, m.start())
        # fastlane reads the strings "true"/"YES" as true (ConfigItem#auto_convert_value): KeePassDX's skip_upload_images: "true".
        explicit = {o: ("true" if v.strip("\"'") in TRUE else "false")
                    for o, v in re.findall(r"\b(" + "|".join(options) + r")\s*(?::|=>)\s*(true\b|false\b|[\"'](?:YES|yes|true|TRUE|NO|no|false|FALSE)[\"'])", args)}
        owner = next((name for name, start, end in spans if start <= m.start() < end), None)
        contexts.append((explicit, environments(owner)))
    for words, env in runs:
        if words[:1] == [actions[0]]:
            explicit = {}
            for i, w in enumerate(words):
                name = w[2:] if w.startswith("--") else None
                name, eq, value = name.partition("=") if name else (None, "", "")
                if name in options:
                    following = value if eq else (words[i + 1] if i + 1 < len(words) else "")
                    explicit[name] = "false" if following == "false" else "true"
            contexts.append((explicit, [dict(files, **env)]))
    if not contexts:
        return set()
    held = set()
    for option in options:
        def holds(explicit, envs):
            if option in explicit:
                return explicit[option] == "true"
            return all(env.get(prefix + option.upper(), "") in TRUE for env in envs)
        if all(holds(explicit, envs) for explicit, envs in contexts):
            held.add(option)
    return held
