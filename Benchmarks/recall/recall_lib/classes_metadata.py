"""Store listing texts and folders: the files fastlane deliver / supply, Gradle Play Publisher, the
r0adkll/upload-google-play action and fdroidserver upload or read."""
import posixpath
import re

from .base import NoTarget, Seeded, defect
from .classes_controls import control
from . import find, upload_skips
from .text import grow, keywords_over, one_line_over

ASC_INFO = "https://developer.apple.com/help/app-store-connect/reference/app-information"
ASC_VERSION = "https://developer.apple.com/help/app-store-connect/reference/platform-version-information"
PLAY_META = "https://support.google.com/googleplay/android-developer/answer/9898842"
PLAY_LISTING = "https://support.google.com/googleplay/android-developer/answer/1078870"
PLAY_NOTES = "https://github.com/team113/messenger/issues/1065 (Play API: 'too long (max: 500)')"
FASTLANE_LANGS = "https://github.com/fastlane/fastlane/blob/master/fastlane_core/lib/fastlane_core/languages.rb"
FDROID = "https://f-droid.org/en/docs/All_About_Descriptions_Graphics_and_Screenshots/"


def _pick(tree, meta, keys, fname, rules):
    """(locale, file) in a metadata tree where `fname` exists and is not already reported for `rules`;
    en-US first. Falls back to a locale that lacks the file (the seed then creates it)."""
    folders = find.locale_folders(tree, meta, keys)
    if not folders:
        raise NoTarget(f"no locale folder in {meta}")
    flagged = tree.flagged(rules)
    order = [l for l in ("en-US", "default", "en-GB") if l in folders] + sorted(folders)
    for loc in order:
        f = posixpath.join(meta, loc, fname)
        if fname in folders[loc] and f not in flagged:
            return loc, f
    for loc in order:
        f = posixpath.join(meta, loc, fname)
        if f not in flagged:
            return loc, f
    raise NoTarget(f"every {fname} in {meta} is already reported")


def _deliver(tree):
    trees = find.deliver_trees(tree)
    if not trees:
        raise NoTarget("no App Store metadata tree that deliver uploads (fastlane/metadata or a metadata_path)")
    return trees[0]


def _supply(tree, skip=None):
    trees = find.supply_trees(tree)
    if not trees:
        raise NoTarget("no Play metadata tree that supply uploads (fastlane/metadata/android or a metadata_path)")
    if skip:
        for fl in find.uploading_fastlane_dirs(tree):
            held = find.supply_skips(tree, fl) & set(skip)
            if held:
                raise NoTarget(f"every supply call sets {', '.join(sorted(held))}: those files are not uploaded")
    return trees[0]


def _grow_asc(fname, limit, rule, single=True):
    def seed(tree):
        meta, shape = _deliver(tree)
        loc, f = _pick(tree, meta, find.APPSTORE_KEYS, fname, (rule,))
        old = tree.read(f) if f in tree.files else ""
        new = one_line_over(old, limit) if single else grow(old, limit)
        tree.write(f, new)
        return Seeded(f, f"{fname} of {loc} grown to {len(new.strip())} characters", shape)
    return seed


def _grow_play(fname, limit, rule, single=True):
    def seed(tree):
        meta, shape = _supply(tree, ("skip_upload_metadata",))
        loc, f = _pick(tree, meta, find.PLAY_KEYS + ("changelogs",), fname, (rule,))
        old = tree.read(f) if f in tree.files else ""
        new = one_line_over(old, limit) if single else grow(old, limit)
        tree.write(f, new)
        return Seeded(f, f"{fname} of {loc} grown to {len(new.strip())} characters", shape)
    return seed


asc_name = defect("asc-name-over-30", "appstore", "metadata", "metadata.appstore-name-length", ASC_INFO,
                  "App Store name over 30 characters in the tree deliver uploads")(
    _grow_asc("name.txt", 30, "metadata.appstore-name-length"))
asc_subtitle = defect("asc-subtitle-over-30", "appstore", "metadata", "metadata.appstore-subtitle-length", ASC_INFO,
                      "App Store subtitle over 30 characters")(
    _grow_asc("subtitle.txt", 30, "metadata.appstore-subtitle-length"))
asc_promo = defect("asc-promotional-over-170", "appstore", "metadata", "metadata.appstore-promotional-text-length",
                   ASC_VERSION, "App Store promotional text over 170 characters")(
    _grow_asc("promotional_text.txt", 170, "metadata.appstore-promotional-text-length", single=False))
asc_description = defect("asc-description-over-4000", "appstore", "metadata", "metadata.appstore-description-length",
                         ASC_VERSION, "App Store description over 4000 characters")(
    _grow_asc("description.txt", 4000, "metadata.appstore-description-length", single=False))


@defect("asc-keywords-over-100", "appstore", "metadata", "metadata.keywords-length", ASC_VERSION,
        "App Store keywords over 100 characters")
def asc_keywords(tree):
    meta, shape = _deliver(tree)
    loc, f = _pick(tree, meta, find.APPSTORE_KEYS, "keywords.txt", ("metadata.keywords-length",))
    new = keywords_over(tree.read(f) if f in tree.files else "")
    tree.write(f, new)
    return Seeded(f, f"keywords of {loc} grown to {len(new.strip())} characters", shape)


@defect("asc-locale-folder", "appstore", "metadata-locales", "metadata-locales.appstore-folder", FASTLANE_LANGS,
        "a region-less `fr` locale folder in deliver's tree (App Store Connect wants fr-FR)")
def asc_locale(tree):
    meta, shape = _deliver(tree)
    folders = find.locale_folders(tree, meta, find.APPSTORE_KEYS)
    bad = next((b for b in ("fr", "ar", "pt", "zh") if b not in folders and not tree.exists(posixpath.join(meta, b))),
               None)
    if bad is None:
        raise NoTarget("fr, ar, pt and zh folders all present")
    loc = find.pick_locale(folders)
    f = posixpath.join(meta, bad, "description.txt")
    old = tree.read(posixpath.join(meta, loc, "description.txt")) or "Une application pour vos listes.\n"
    tree.write(f, old)
    return Seeded([f, posixpath.join(meta, bad)], f"locale folder {bad}/ added with a description", shape)


@defect("asc-placeholder-text", "appstore", "metadata", "metadata.appstore-placeholder-text",
        "https://developer.apple.com/app-store/review/guidelines/#accurate-metadata",
        "placeholder text (lorem ipsum) left in the App Store description")
def asc_placeholder(tree):
    meta, shape = _deliver(tree)
    loc, f = _pick(tree, meta, find.APPSTORE_KEYS, "description.txt", ("metadata.appstore-placeholder-text",))
    old = tree.read(f) if f in tree.files else ""
    tree.write(f, (old or "").rstrip() + "\n\nLorem ipsum dolor sit amet, consectetur adipiscing elit.\n")
    return Seeded(f, f"'Lorem ipsum' paragraph appended to the {loc} description", shape)


@defect("asc-privacy-url-placeholder", "appstore", "privacy-policy", ("privacy-policy.public-url",
                                                                       "privacy-policy.appstore-url"),
        "https://developer.apple.com/app-store/review/guidelines/#data-collection-and-storage",
        "privacy_url.txt points at a placeholder host (example.com)")
def asc_privacy_placeholder(tree):
    meta, shape = _deliver(tree)
    loc, f = _pick(tree, meta, find.APPSTORE_KEYS, "privacy_url.txt",
                   ("privacy-policy.public-url", "privacy-policy.appstore-url"))
    if "example.com" in (tree.read(f) or "") if f in tree.files else False:
        raise NoTarget("privacy_url already a placeholder")
    tree.write(f, "https://example.com/privacy\n")
    return Seeded(f, f"privacy_url of {loc} set to https://example.com/privacy", shape)


# Google Play (supply) -----------------------------------------------------------------------------------------
play_title = defect("play-title-over-30", "play", "metadata", "metadata.play-title-length", PLAY_META,
                    "Play title over 30 characters in the tree supply uploads")(
    _grow_play("title.txt", 30, "metadata.play-title-length"))
play_short = defect("play-short-description-over-80", "play", "metadata", "metadata.play-short-description-length",
                    PLAY_LISTING, "Play short description over 80 characters")(
    _grow_play("short_description.txt", 80, "metadata.play-short-description-length"))
play_full = defect("play-full-description-over-4000", "play", "metadata", "metadata.play-full-description-length",
                   PLAY_LISTING, "Play full description over 4000 characters")(
    _grow_play("full_description.txt", 4000, "metadata.play-full-description-length", single=False))


@defect("play-changelog-over-500", "play", "metadata", "metadata.play-changelog-length", PLAY_NOTES,
        "the current versionCode's Play release note over 500 characters")
def play_changelog(tree):
    meta, shape = _supply(tree, ("skip_upload_changelogs",))
    try:
        _, build = find.app_module(tree)
        vc = find.version_code(tree, build)
    except NoTarget:
        vc = None
    folders = find.locale_folders(tree, meta, find.PLAY_KEYS + ("changelogs",))
    loc = find.pick_locale(folders)
    cl = posixpath.join(meta, loc, "changelogs")
    existing = [f for f in tree.files if f.startswith(cl + "/") and f.endswith(".txt")]
    if vc is not None:
        f = posixpath.join(cl, f"{vc}.txt")
        how = f"versionCode {vc} from the build file"
    else:
        numbered = [(int(posixpath.basename(x)[:-4]), x) for x in existing if posixpath.basename(x)[:-4].isdigit()]
        if posixpath.join(cl, "default.txt") in existing:
            f, how = posixpath.join(cl, "default.txt"), "default.txt (versionCode not resolvable)"
        elif numbered:
            f, how = max(numbered)[1], "the highest changelog (versionCode not resolvable)"
        else:
            raise NoTarget("versionCode not resolvable and no changelog to grow")
    if f in tree.flagged(("metadata.play-changelog-length",)):
        raise NoTarget("the current changelog is already reported")
    old = tree.read(f) if f in tree.files else ""
    new = grow(old, 500, extra=40)
    tree.write(f, new)
    return Seeded(f, f"{f.split('/')[-1]} of {loc} ({how}) grown to {len(new.strip())} characters", shape)


@defect("play-locale-folder", "play", "metadata-locales", "metadata-locales.play-folder",
        "https://support.google.com/googleplay/android-developer/answer/9844778",
        "a region-less `de` locale folder in supply's tree (Play wants de-DE)")
def play_locale(tree):
    meta, shape = _supply(tree, ("skip_upload_metadata",))
    folders = find.locale_folders(tree, meta, find.PLAY_KEYS + ("changelogs",))
    bad = "de" if "de" not in folders else "pt"
    if bad in folders:
        raise NoTarget("de and pt already present")
    loc = find.pick_locale(folders)
    src = posixpath.join(meta, loc, "title.txt")
    f = posixpath.join(meta, bad, "title.txt")
    tree.write(f, tree.read(src) if src in tree.files else "Notizen\n")
    return Seeded([f, posixpath.join(meta, bad)], f"locale folder {bad}/ added with a title", shape)


@defect("play-title-ios-mention", "play", "metadata", "metadata.play-other-platforms", PLAY_META,
        "the Play full description names the iPhone version (another platform)")
def play_other_platform(tree):
    meta, shape = _supply(tree, ("skip_upload_metadata",))
    loc, f = _pick(tree, meta, find.PLAY_KEYS, "full_description.txt", ("metadata.play-other-platforms",))
    old = tree.read(f) if f in tree.files else ""
    tree.write(f, (old or "").rstrip() + "\n\nAlso available for iPhone and iPad on the App Store.\n")
    return Seeded(f, f"'Also available for iPhone and iPad on the App Store' appended to {loc}", shape)


# Custom metadata paths (issue 38) -------------------------------------------------------------------------------
# A real commit that introduces the defect moves (or first creates) the store folder at a custom path and points
# fastlane at it: a Supplyfile/Deliverfile `metadata_path`, or a `.env` file the Fastfile loads. It applies to every
# repository with a fastlane tree of that store (uploaded or not: the commit makes the upload read it), and, for a
# repository that ships to the store without such a tree, to the commit that sets deliver/supply up with its
# folder at the custom path (the listing is then new: a title, descriptions). Where every lane already skips the
# listing (`skip_upload_metadata`, `skip_metadata`, or their environment variables), no commit of this kind makes it
# ship: no target.


def _fastlane_dir(tree, store=None):
    """The fastlane folder a commit configures: one that uploads to the store, else the shallowest, else the
    fastlane folder beside the app (`ios/fastlane` in a React Native or Flutter repository), else `fastlane`."""
    dirs = find.uploading_fastlane_dirs(tree) or sorted(find.fastlane_dirs(tree), key=lambda d: (d.count("/"), d))
    if store:
        other = "ios" if store == "play" else "android"
        dirs = [d for d in dirs if other not in d.lower().split("/")]  # not the other platform's fastlane folder
        own = [d for d in dirs if find.uploads(tree, d, store)]
        dirs = own or dirs
    return dirs[0] if dirs else "fastlane"


def _append(tree, path, line):
    """A line added to a config file (a commit keeps what the Supplyfile/Deliverfile already sets)."""
    old = tree.read(path) if path in tree.files else ""
    tree.write(path, ((old or "").rstrip("\n") + "\n" if (old or "").strip() else "") + line)


def _play_source(tree):
    """(existing Play tree to move or None, fastlane folder) for a commit that puts supply's listing at a custom
    path: the tree supply uploads, else a fastlane/metadata/android tree nobody (or only F-Droid) uploads, else
    none for an app that ships to Play (the commit creates the listing)."""
    if find.configures_metadata_path(tree):
        raise NoTarget("a metadata_path is already configured")
    for fl in find.uploading_fastlane_dirs(tree):
        if find.uploads(tree, fl, "play") and "skip_upload_metadata" in find.supply_skips(tree, fl):
            raise NoTarget("every supply call sets skip_upload_metadata: the listing is never uploaded")
    trees = find.supply_trees(tree)
    if trees:
        return trees[0][0], _fastlane_dir(tree, "play"), "moved (supply's tree)"
    for fl in sorted(find.fastlane_dirs(tree), key=lambda d: (d.count("/"), d)):
        cand = fl + "/metadata/android"
        if find.locale_folders(tree, cand, find.PLAY_KEYS + ("changelogs",)):
            return cand, fl, "moved (a fastlane tree no lane uploaded)"
    find.app_module(tree)
    if not find.ships_to_play(tree):
        raise NoTarget("no Play metadata tree and nothing ships the app to Google Play")
    return None, _fastlane_dir(tree, "play"), "created (supply set up)"


def _appstore_source(tree):
    """(existing App Store tree to move or None, fastlane folder) as _play_source, for deliver: the tree deliver
    uploads, else a fastlane/metadata App Store tree, else none for a repository with an iOS app target."""
    if find.configures_metadata_path(tree):
        raise NoTarget("a metadata_path is already configured")
    for fl in find.uploading_fastlane_dirs(tree):
        if find.uploads(tree, fl, "appstore") and "skip_metadata" in upload_skips.skips(tree, fl, "appstore"):
            raise NoTarget("every deliver call sets skip_metadata: the listing is never uploaded")
    trees = find.deliver_trees(tree)
    if trees:
        return trees[0][0], _fastlane_dir(tree, "appstore"), "moved (deliver's tree)"
    for fl in sorted(find.fastlane_dirs(tree), key=lambda d: (d.count("/"), d)):
        for cand in (fl + "/metadata", fl + "/metadata/ios"):
            if find.locale_folders(tree, cand, find.APPSTORE_KEYS):
                return cand, fl, "moved (a fastlane tree no lane uploaded)"
    if not find.ios_app_plists(tree):
        raise NoTarget("no App Store metadata tree and no iOS app target")
    return None, _fastlane_dir(tree, "appstore"), "created (deliver set up)"


def _move_listing(tree, meta, dest, keys, fname):
    """Moves the store's part of `meta` to `dest` (an android/ folder inside an App Store tree stays where supply
    reads it); the locale whose `fname` is grown and its old text."""
    if meta is None:
        return "en-US", ""
    folders = find.locale_folders(tree, meta, keys)
    loc = find.pick_locale(folders) if folders else "en-US"
    src = posixpath.join(meta, loc, fname)
    old = tree.read(src) if src in tree.files else ""
    tree.move_tree(meta, dest)
    if tree.exists(posixpath.join(dest, "android")):
        tree.move_tree(posixpath.join(dest, "android"), posixpath.join(meta, "android"))
    return loc, old


def _new_listing(tree, dest, loc, store):
    """The rest of a listing a commit setting up deliver/supply creates (within every limit)."""
    if store == "play":
        tree.write(posixpath.join(dest, loc, "short_description.txt"), "Your notes and lists, synced everywhere.\n")
        tree.write(posixpath.join(dest, loc, "full_description.txt"),
                   "Keep notes and lists on every device. Share them with your team.\n")
    else:
        tree.write(posixpath.join(dest, loc, "description.txt"),
                   "Keep notes and lists on every device. Share them with your team.\n")
        tree.write(posixpath.join(dest, loc, "keywords.txt"), "notes,lists,sync\n")


def _dest(fl, rel):
    base = posixpath.dirname(fl)
    return posixpath.join(base, rel) if base else rel


@defect("supplyfile-metadata-path", "play", "metadata", "metadata.play-title-length", PLAY_META,
        "the Play listing moved (or set up) at meta/android with `metadata_path` in fastlane/Supplyfile, title over 30")
def supplyfile_path(tree):
    meta, fl, shape = _play_source(tree)
    dest = _dest(fl, "meta/android")
    loc, old = _move_listing(tree, meta, dest, find.PLAY_KEYS, "title.txt")
    if meta is None:
        _new_listing(tree, dest, loc, "play")
    _append(tree, posixpath.join(fl, "Supplyfile"), 'metadata_path "meta/android"\n')
    f = posixpath.join(dest, loc, "title.txt")
    tree.write(f, one_line_over(old, 30))
    return Seeded(f, f"{meta or 'a new listing'} at {dest}, Supplyfile metadata_path, {loc} title over 30",
                  "Supplyfile, " + shape)


@defect("deliverfile-metadata-path", "appstore", "metadata", "metadata.appstore-name-length", ASC_INFO,
        "the App Store listing moved (or set up) at meta/ios with `metadata_path` in fastlane/Deliverfile, name over 30")
def deliverfile_path(tree):
    meta, fl, shape = _appstore_source(tree)
    dest = _dest(fl, "meta/ios")
    loc, old = _move_listing(tree, meta, dest, find.APPSTORE_KEYS, "name.txt")
    if meta is None:
        _new_listing(tree, dest, loc, "appstore")
    _append(tree, posixpath.join(fl, "Deliverfile"), 'metadata_path "./meta/ios"\n')
    f = posixpath.join(dest, loc, "name.txt")
    tree.write(f, one_line_over(old, 30))
    return Seeded(f, f"{meta or 'a new listing'} at {dest}, Deliverfile metadata_path, {loc} name over 30",
                  "Deliverfile, " + shape)


@defect("dotenv-metadata-path", "appstore", "metadata", "metadata.appstore-subtitle-length", ASC_INFO,
        "deliver's folder chosen through fastlane/.env.appstore (METADATA_PATH) read by the Deliverfile, "
        "subtitle over 30")
def dotenv_path(tree):
    meta, fl, shape = _appstore_source(tree)
    dest = _dest(fl, "store/appstore")
    loc, old = _move_listing(tree, meta, dest, find.APPSTORE_KEYS, "subtitle.txt")
    if meta is None:
        _new_listing(tree, dest, loc, "appstore")
        tree.write(posixpath.join(dest, loc, "name.txt"), "Notes\n")
    tree.write(posixpath.join(fl, ".env.appstore"), "METADATA_PATH=./store/appstore\n")
    _append(tree, posixpath.join(fl, "Deliverfile"), 'metadata_path(ENV["METADATA_PATH"])\n')
    ff = posixpath.join(fl, "Fastfile")
    text = tree.read(ff) if ff in tree.files else ""
    tree.write(ff, 'Dotenv.overload(".env.appstore")\n\n' + (text or ""))
    f = posixpath.join(dest, loc, "subtitle.txt")
    tree.write(f, one_line_over(old, 30))
    return Seeded(f, f"{meta or 'a new listing'} at {dest} selected by .env.appstore, {loc} subtitle over 30",
                  ".env, " + shape)


# Workflows that run supply (issue 38) ------------------------------------------------------------------------------
def _workflow(job_env, step_env, base, commands):
    """A release workflow that runs `fastlane supply` from the folder holding the fastlane folder."""
    def env_block(indent, env):
        return "".join(f"{indent}{k}: \"{v}\"\n" for k, v in env.items())
    text = ("name: Play store listing\non:\n  workflow_dispatch:\njobs:\n  listing:\n    runs-on: ubuntu-latest\n")
    if job_env:
        text += "    env:\n" + env_block("      ", job_env)
    text += "    steps:\n      - uses: actions/checkout@v4\n"
    for i, command in enumerate(commands):
        last = i == len(commands) - 1
        text += f"      - name: {'Upload to Google Play' if last else 'Prepare the listing'}\n"
        if base:
            text += f"        working-directory: {base}\n"
        if last and step_env:
            text += "        env:\n" + env_block("          ", step_env)
        text += "        run: |\n" + "".join(f"          {line}\n" for line in command.splitlines())
    return text


def _fastlane_play_trees(tree, unuploaded_only=False):
    """fastlane/metadata/android trees (shallowest first) with their fastlane folder; `unuploaded_only`: only those
    no Fastfile lane or Supplyfile uploads (a developer's run of a lane would send the whole tree)."""
    if find.configures_metadata_path(tree):
        raise NoTarget("a metadata_path is configured")
    out = []
    for fl in sorted(find.fastlane_dirs(tree), key=lambda d: (d.count("/"), d)):
        cand = fl + "/metadata/android"
        if not find.locale_folders(tree, cand, find.PLAY_KEYS + ("changelogs",)):
            continue
        if unuploaded_only and find.uploads(tree, fl, "play"):
            continue
        out.append((cand, fl))
    if not out:
        raise NoTarget("no fastlane/metadata/android tree" + (" that no lane uploads" if unuploaded_only else ""))
    return out[0]


SKIP_ALL_BUT_METADATA = {"SUPPLY_SKIP_UPLOAD_CHANGELOGS": "true", "SUPPLY_SKIP_UPLOAD_IMAGES": "true",
                         "SUPPLY_SKIP_UPLOAD_SCREENSHOTS": "true"}
WORKFLOW = ".github/workflows/play-listing.yml"


@defect("workflow-env-skip-false", "play", "metadata", "metadata.play-title-length", PLAY_META,
        "a workflow step runs `fastlane supply` with SUPPLY_SKIP_UPLOAD_METADATA \"false\" in its env: (the listing is "
        "uploaded), title over 30")
def workflow_env_skip_false(tree):
    if WORKFLOW in tree.files:
        raise NoTarget("the workflow exists")
    meta, fl = _fastlane_play_trees(tree)
    loc, f = _pick(tree, meta, find.PLAY_KEYS, "title.txt", ("metadata.play-title-length",))
    tree.write(WORKFLOW, _workflow({}, dict(SKIP_ALL_BUT_METADATA, SUPPLY_SKIP_UPLOAD_METADATA="false"),
                                   posixpath.dirname(fl), ["bundle exec fastlane supply --skip_upload_apk --skip_upload_aab"]))
    tree.write(f, one_line_over(tree.read(f) if f in tree.files else "", 30))
    return Seeded(f, f"{WORKFLOW} uploads the listing (skip flag false), {loc} title over 30", "step env:")


def _play_clean(tree, meta, loc):
    """Whether the locale's listing is within Play's limits (a control must not surface an older defect)."""
    limits = {"title.txt": 30, "short_description.txt": 80, "full_description.txt": 4000}
    for name, limit in limits.items():
        text = (tree.read(posixpath.join(meta, loc, name)) or "").strip()
        if len(text.encode("utf-16-le")) // 2 > limit:  # Play counts UTF-16 units
            return False
    return True


def _ships_to_play_already(tree):
    """A control's workflow must not be what makes the app a Play app (Play's build rules would then apply)."""
    if not find.ships_to_play(tree):
        raise NoTarget("nothing ships the app to Google Play yet (the workflow would be its first upload)")


@control("control-workflow-env-skip", "a workflow job with SUPPLY_SKIP_UPLOAD_METADATA (and the other skip flags) "
                                      "\"true\" in its env: runs `fastlane supply` on a tree no lane uploads; titles "
                                      "over 30 in it (never uploaded)")
def control_workflow_env_skip(tree):
    if WORKFLOW in tree.files:
        raise NoTarget("the workflow exists")
    meta, fl = _fastlane_play_trees(tree, unuploaded_only=True)
    _ships_to_play_already(tree)
    loc, f = _pick(tree, meta, find.PLAY_KEYS, "title.txt", ("metadata.play-title-length",))
    tree.write(WORKFLOW, _workflow(dict(SKIP_ALL_BUT_METADATA, SUPPLY_SKIP_UPLOAD_METADATA="true"), {},
                                   posixpath.dirname(fl), ["bundle exec fastlane supply --skip_upload_apk --skip_upload_aab"]))
    old = (tree.read(f) if f in tree.files else "") or ""
    new = one_line_over(old, 30)
    if len(new.strip()) > 50:
        raise NoTarget("the title would pass F-Droid's limit too")
    tree.write(f, new)
    return Seeded(f, f"{WORKFLOW} skips the listing (job env:), {loc} title over 30")


def _mv_target(tree):
    """The supply tree a release job may edit, and its en-US folder within Play's limits to keep."""
    meta, fl = _fastlane_play_trees(tree, unuploaded_only=True)
    _ships_to_play_already(tree)
    folders = find.locale_folders(tree, meta, find.PLAY_KEYS + ("changelogs",))
    if "en-US" not in folders or not _play_clean(tree, meta, "en-US"):
        raise NoTarget("no en-US folder within Play's limits to keep")
    return meta, fl


def _mv_workflow(tree):
    """The setting: a workflow that moves every translation but en-US out of the tree, then runs supply. It makes
    the tree a Play upload (en-US is sent), so Play's rules may rightly judge en-US (localsend's names iOS): the
    harness checks it as the control's baseline, and only the seed's de/ must stay silent."""
    if WORKFLOW in tree.files:
        raise NoTarget("the workflow exists")
    meta, fl = _mv_target(tree)
    base = posixpath.dirname(fl)
    rel = posixpath.relpath(meta, base) if base else meta
    move = (f"mv {rel} {rel}_orig\nmkdir {rel}\nmv {rel}_orig/en-US {rel}/")
    tree.write(WORKFLOW, _workflow({}, {}, base, [move, "bundle exec fastlane supply --skip_upload_apk --skip_upload_aab "
                                                        "--skip_upload_changelogs --skip_upload_images --skip_upload_screenshots"]))
    tree.prepared = meta  # the workflow now uploads the tree: the seed takes the same one


@control("control-workflow-mv-before-supply", "a workflow moves every translation but en-US out of "
                                              "fastlane/metadata/android before `fastlane supply` (the baseline); a "
                                              "region-less de/ folder added (never uploaded)", prepare=_mv_workflow)
def control_workflow_mv(tree):
    meta = getattr(tree, "prepared", None) or _mv_target(tree)[0]
    if "de" in find.locale_folders(tree, meta, find.PLAY_KEYS + ("changelogs",)) or tree.exists(posixpath.join(meta, "de")):
        raise NoTarget("a de folder exists")
    f = posixpath.join(meta, "de", "title.txt")
    tree.write(f, "Notizen\n")
    return Seeded([f, posixpath.join(meta, "de")], f"{WORKFLOW} keeps only en-US before supply; de/ added")


@defect("shared-tree-fdroid-name-over-50", "fdroid", "metadata-fdroid", "metadata-fdroid.name-length", FDROID,
        "a fastlane/metadata/android tree that supply uploads and F-Droid builds from (both stores read it): title "
        "over 50, F-Droid's rule must judge it beside Play's")
def shared_tree(tree):
    _fdroid_app(tree)
    meta, fl = _fastlane_play_trees(tree)
    if posixpath.dirname(fl):
        raise NoTarget("fdroidserver reads only the root fastlane/metadata/android")
    shape = "supply lane"
    if not find.uploads(tree, fl, "play"):
        _append(tree, posixpath.join(fl, "Supplyfile"), 'package_name "org.example.app"\n')
        shape = "Supplyfile added"
    loc, f = _pick(tree, meta, find.PLAY_KEYS, "title.txt", ("metadata-fdroid.name-length",))
    tree.write(f, one_line_over(tree.read(f) if f in tree.files else "", 50))
    return Seeded(f, f"title of {loc} over 50 in a tree both stores read", shape)


# Gradle Play Publisher (issue 38) --------------------------------------------------------------------------------
GPP_APPLIED = re.compile(r"com\.github\.triplet\.play|triplet[.-]play|gradle[.-]play[.-]publisher")


def _gpp_aliases(tree):
    """The version-catalog accessors of Gradle Play Publisher: `libs.plugins.play.publisher` for a catalog entry
    `play-publisher = { id = "com.github.triplet.play", … }` (Gradle maps -, _ and . in an alias to dots)."""
    out = set()
    for f in tree.files:
        if f.endswith(".versions.toml"):
            for m in re.finditer(r'(?m)^\s*([A-Za-z0-9_.-]+)\s*=\s*\{[^}\n]*id\s*=\s*"com\.github\.triplet\.play"',
                                 tree.read(f) or ""):
                out.add("libs.plugins." + re.sub(r"[-_.]", ".", m.group(1)))
    return out


def _gpp_module(tree):
    """The app module with GPP applied (by id, or through a version-catalog alias: mullvadvpn's
    `alias(libs.plugins.play.publisher)`); when none applies it, the app module with the plugin added (a real
    commit adopting GPP adds both the plugin and the src/main/play folder)."""
    module, build = find.app_module(tree)
    text = tree.read(build) or ""
    if GPP_APPLIED.search(text) or any(re.search(r"alias\(\s*" + re.escape(a) + r"\s*\)", text) for a in _gpp_aliases(tree)):
        return module, "applied"
    m = re.search(r"(?m)^plugins\s*\{\s*\n", text)
    if not m:
        raise NoTarget(f"{build} has no plugins {{}} block to add Gradle Play Publisher to")
    kts = build.endswith(".kts")
    line = '    id("com.github.triplet.play") version "3.12.1"\n' if kts else \
        "    id 'com.github.triplet.play' version '3.12.1'\n"
    tree.write(build, text[:m.end()] + line + text[m.end():])
    return module, "plugin added"


@defect("gpp-listing-title-over-30", "play", "metadata", "metadata.play-title-length", PLAY_META,
        "Gradle Play Publisher listing src/main/play/listings/en-US/title.txt over 30 characters")
def gpp_title(tree):
    module, shape = _gpp_module(tree)
    f = posixpath.join(module, "src/main/play/listings/en-US/title.txt")
    old = tree.read(f) if f in tree.files else ""
    tree.write(f, one_line_over(old or "Notes", 30))
    return Seeded(f, "GPP title over 30", "GPP " + shape)


@defect("gpp-release-notes-over-500", "play", "metadata", "metadata.play-changelog-length", PLAY_NOTES,
        "Gradle Play Publisher release-notes/en-US/default.txt over 500 characters")
def gpp_notes(tree):
    module, shape = _gpp_module(tree)
    f = posixpath.join(module, "src/main/play/release-notes/en-US/default.txt")
    old = tree.read(f) if f in tree.files else ""
    tree.write(f, grow(old, 500, extra=60))
    return Seeded(f, "GPP release notes over 500", "GPP " + shape)


@defect("whatsnew-directory-over-500", "play", "metadata", "metadata.play-changelog-length", PLAY_NOTES,
        "r0adkll/upload-google-play whatsNewDirectory file whatsnew-en-US over 500 characters")
def whatsnew(tree):
    find.app_module(tree)
    wf = [f for f in tree.files if f.startswith(".github/workflows/") and "r0adkll/upload-google-play" in
          (tree.read(f) or "")]
    folder = "whatsnew"
    if wf:
        m = re.search(r"whatsNewDirectory:\s*['\"]?([^'\"\s]+)", tree.read(wf[0]) or "")
        if m:
            folder = m.group(1).strip("./") or "whatsnew"
        else:
            text = tree.read(wf[0])
            m2 = re.search(r"(?m)^(\s*)uses:\s*r0adkll/upload-google-play[^\n]*\n(\s*)with:\s*\n", text)
            if not m2:
                raise NoTarget("the upload-google-play step has no with: block to extend")
            indent = m2.group(2) + "  "
            text = text[:m2.end()] + f"{indent}whatsNewDirectory: whatsnew\n" + text[m2.end():]
            tree.write(wf[0], text)
        shape = "existing workflow"
    else:
        tree.write(".github/workflows/play-release.yml",
                   "name: Play release\non:\n  push:\n    tags: ['v*']\njobs:\n  upload:\n    runs-on: ubuntu-latest\n"
                   "    steps:\n      - uses: actions/checkout@v4\n      - run: ./gradlew bundleRelease\n"
                   "      - uses: r0adkll/upload-google-play@v1\n        with:\n"
                   "          serviceAccountJsonPlainText: ${{ secrets.PLAY_SERVICE_ACCOUNT }}\n"
                   "          packageName: com.example.app\n"
                   "          releaseFiles: app/build/outputs/bundle/release/app-release.aab\n"
                   "          track: production\n          whatsNewDirectory: whatsnew\n")
        shape = "workflow added"
    f = posixpath.join(folder, "whatsnew-en-US")
    tree.write(f, grow(tree.read(f) if f in tree.files else "", 500, extra=60))
    return Seeded(f, f"{f} over 500 characters", shape)


# F-Droid -------------------------------------------------------------------------------------------------------
def _fdroid_app(tree):
    find.app_module(tree)
    if not find.mentions_fdroid(tree):
        raise NoTarget("nothing says the app is on F-Droid (no f-droid.org link in the README)")


@defect("fdroid-root-summary-over-80", "fdroid", "metadata-fdroid", "metadata-fdroid.summary-length", FDROID,
        "F-Droid root metadata/en-US/summary.txt (read by fdroidserver from the source tree) over 80 characters")
def fdroid_summary(tree):
    _fdroid_app(tree)
    f = "metadata/en-US/summary.txt"
    old = tree.read(f) if f in tree.files else "A free and open source app for your notes and files"
    tree.write(f, one_line_over(old, 80))
    return Seeded(f, "root metadata summary over 80", "root metadata/" if "metadata/" in str(tree.dirs()) else
                  "created")


@defect("fdroid-root-changelog-over-500", "fdroid", "metadata-fdroid", "metadata-fdroid.changelog-length",
        "https://gitlab.com/fdroid/fdroidserver/-/blob/master/fdroidserver/update.py",
        "F-Droid root metadata/en-US/changelogs/<versionCode>.txt over 500 characters")
def fdroid_changelog(tree):
    _fdroid_app(tree)
    _, build = find.app_module(tree)
    vc = find.version_code(tree, build)
    if vc is None:
        raise NoTarget("versionCode not resolvable")
    f = f"metadata/en-US/changelogs/{vc}.txt"
    tree.write(f, grow(tree.read(f) if f in tree.files else "", 500, extra=60))
    return Seeded(f, f"root metadata changelog {vc} over 500", "root metadata/")


def _fdroid_fastlane(tree):
    """The fastlane/metadata/android tree fdroidserver reads from the source (root first), for an F-Droid app."""
    _fdroid_app(tree)
    for fl in sorted(find.fastlane_dirs(tree), key=lambda d: (d.count("/"), d)):
        cand = fl + "/metadata/android"
        if find.locale_folders(tree, cand, find.PLAY_KEYS + ("changelogs",)):
            return cand
    raise NoTarget("no fastlane/metadata/android tree")


@defect("fdroid-fastlane-summary-over-80", "fdroid", "metadata-fdroid",
        ("metadata-fdroid.summary-length", "metadata.play-short-description-length"), FDROID,
        "F-Droid summary (fastlane short_description.txt, which fdroidserver reads) over 80 characters; Play's rule "
        "at the file also counts (same limit)")
def fdroid_fastlane_summary(tree):
    meta = _fdroid_fastlane(tree)
    loc, f = _pick(tree, meta, find.PLAY_KEYS, "short_description.txt",
                   ("metadata-fdroid.summary-length", "metadata.play-short-description-length"))
    tree.write(f, one_line_over(tree.read(f) if f in tree.files else "", 80))
    return Seeded(f, f"short_description of {loc} over 80", "fastlane tree")


@defect("fdroid-fastlane-name-over-50", "fdroid", "metadata-fdroid",
        ("metadata-fdroid.name-length", "metadata.play-title-length"), FDROID,
        "F-Droid name (fastlane title.txt) over 50 characters; Play's title rule at the file also counts")
def fdroid_fastlane_name(tree):
    meta = _fdroid_fastlane(tree)
    loc, f = _pick(tree, meta, find.PLAY_KEYS, "title.txt",
                   ("metadata-fdroid.name-length", "metadata.play-title-length"))
    tree.write(f, one_line_over(tree.read(f) if f in tree.files else "", 50))
    return Seeded(f, f"title of {loc} over 50", "fastlane tree")


# Screenshots -----------------------------------------------------------------------------------------------------
def png(width, height, alpha=False):
    """A valid PNG of a flat colour (standard library only)."""
    import struct
    import zlib
    channels = 4 if alpha else 3
    row = b"\x00" + bytes([200, 200, 210, 255][:channels]) * width
    raw = row * height

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


@defect("asc-screenshot-wrong-size", "appstore", "metadata-screenshots", "metadata-screenshots.size",
        "https://developer.apple.com/help/app-store-connect/reference/screenshot-specifications",
        "an iPhone screenshot of 1000x2000 px (no App Store size) in deliver's screenshots folder")
def asc_screenshot(tree):
    meta, shape = _deliver(tree)
    base = posixpath.dirname(meta)
    shots = posixpath.join(base, "screenshots")
    existing = [f for f in tree.files if f.startswith(shots + "/") and f.lower().endswith((".png", ".jpg"))]
    loc = existing[0].split("/")[-2] if existing else "en-US"
    f = posixpath.join(shots, loc, "iPhone 15 Pro Max-99_recall.png")
    tree.write(f, png(1000, 2000))
    return Seeded(f, "1000x2000 iPhone screenshot added", "existing screenshots" if existing else "folder added")


@defect("play-screenshot-wrong-ratio", "play", "metadata", "metadata.play-image-sizes",
        "https://support.google.com/googleplay/android-developer/answer/9866151",
        "a phone screenshot of 400x1800 px (ratio 4.5, Play allows 2) in supply's images folder")
def play_screenshot(tree):
    meta, shape = _supply(tree, ("skip_upload_images", "skip_upload_screenshots"))
    folders = find.locale_folders(tree, meta, find.PLAY_KEYS + ("changelogs", "images"))
    loc = find.pick_locale(folders)
    f = posixpath.join(meta, loc, "images/phoneScreenshots/99_recall.png")
    tree.write(f, png(400, 1800))
    return Seeded(f, "400x1800 phone screenshot added", shape)


@defect("review-demo-password-committed", "appstore", "demo-account", "demo-account.committed-password",
        "https://developer.apple.com/app-store/review/guidelines/#app-completeness",
        "review_information/demo_password.txt with a real password committed in deliver's tree")
def demo_password(tree):
    meta, shape = _deliver(tree)
    ri = posixpath.join(meta, "review_information")
    f = posixpath.join(ri, "demo_password.txt")
    if f in tree.flagged(("demo-account.committed-password",)):
        raise NoTarget("already reported")
    tree.write(posixpath.join(ri, "demo_user.txt"), "appreview@example.org\n")
    tree.write(f, "Sup3r-Secret-2026\n")
    return Seeded(f, "demo_user/demo_password committed", shape)


CLASSES = [asc_name, asc_subtitle, asc_promo, asc_description, asc_keywords, asc_locale, asc_placeholder,
           asc_privacy_placeholder, asc_screenshot, demo_password, play_title, play_short, play_full, play_changelog,
           play_locale, play_other_platform, play_screenshot, supplyfile_path, deliverfile_path, dotenv_path,
           workflow_env_skip_false, control_workflow_env_skip, control_workflow_mv, shared_tree,
           gpp_title, gpp_notes, whatsnew, fdroid_summary, fdroid_changelog, fdroid_fastlane_summary,
           fdroid_fastlane_name]
