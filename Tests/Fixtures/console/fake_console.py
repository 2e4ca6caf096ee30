# A fake App Store Connect API, Google OAuth token endpoint and androidpublisher v3 on 127.0.0.1, for the
# console tier's tests (Tests/CLITests/ConsoleServerTests.swift). Standard library only; the JWT signatures are
# verified with the test public keys when the `cryptography` package is importable, else recorded as None.
# Shapes: App Store Connect API JSON:API documents (OpenAPI spec 3.7: apps, appInfos, appInfoLocalizations,
# ageRatingDeclarations, appStoreVersions, appStoreVersionLocalizations, appScreenshotSets with appScreenshots,
# appStoreReviewDetails, builds, inAppPurchases (v2),
# subscriptionGroups with subscriptions; ErrorResponse)
# and androidpublisher v3 (edits.insert, edits.listings.list, edits.tracks.list, edits.bundles.list, edits.delete).
# SCENARIO (a dict) is prepended by the test: mode, ec_public (PEM), rsa_public (PEM).
import base64, json, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = []
STATE = {"asc_429_sent": False}
HOSTILE = "Notes::warning file=README.md::pwned \u202egnp.exe\u202c <script>alert(1)</script> "

# Mode "hostile": every value of every answer (but the JSON:API type/id/links that join them) becomes one of
# these in turn: terminal escapes, a workflow command, a bidi override, NUL, wrong types, a huge string (the app's
# bundleId stays, so that the app is found and the rest is read).
HOSTILE_VALUES = ["\x1b[31mRED\x1b[0m\x07\r\n::error file=a.swift::pwned\n::warning::x \u202egnp.exe\u202c\x00<script>x</script>",
                  12345678901234567890123, ["a", 1, None], {"k": "v"}, True, None, "W" * 200000, -1.5e308, "../../etc/passwd\x1b]0;title\x07"]
STRUCTURAL = ("type", "id", "links", "bundleId")

def hostile_tree(node, counter):
    if isinstance(node, dict):
        return {key: (value if key in STRUCTURAL else hostile_tree(value, counter)) for key, value in node.items()}
    if isinstance(node, list):
        return [hostile_tree(value, counter) for value in node]
    counter[0] += 1
    return HOSTILE_VALUES[counter[0] % len(HOSTILE_VALUES)]

def b64d(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

def check_jwt(token, alg):
    record = {"ok_format": False}
    try:
        head, body, sig = token.split(".")
        record["header"] = json.loads(b64d(head))
        record["claims"] = json.loads(b64d(body))
        record["signature_length"] = len(b64d(sig))
        record["ok_format"] = True
    except Exception as error:
        record["error"] = str(error)
        return record
    try:
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec, padding, utils
    except ImportError:
        record["signature_ok"] = None
        return record
    signed = (head + "." + body).encode()
    raw = b64d(sig)
    try:
        if alg == "ES256":
            key = serialization.load_pem_public_key(SCENARIO["ec_public"].encode())
            der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
            key.verify(der, signed, ec.ECDSA(hashes.SHA256()))
        else:
            key = serialization.load_pem_public_key(SCENARIO["rsa_public"].encode())
            key.verify(raw, signed, padding.PKCS1v15(), hashes.SHA256())
        record["signature_ok"] = True
    except Exception as error:
        record["signature_ok"] = False
        record["error"] = type(error).__name__
    return record

def resource(type_, id_, attributes, relationships=None):
    item = {"type": type_, "id": id_, "attributes": attributes}
    if relationships:
        item["relationships"] = {name: {"data": data} for name, data in relationships.items()}
    return item

def ref(type_, id_):
    return {"type": type_, "id": id_}

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, document=None, headers=None, raw=None):
        if SCENARIO.get("mode") == "hostile" and isinstance(document, dict) and status == 200 and self.path != "/token" \
                and not (self.command == "POST" and self.path.endswith("/edits")):
            document = hostile_tree(document, [0])
        body = raw if raw is not None else (json.dumps(document).encode() if document is not None else b"")
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if document is not None or raw is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def record(self, body=b""):
        auth = self.headers.get("Authorization", "")
        entry = {"method": self.command, "path": self.path, "host": self.headers.get("Host", ""), "has_auth": bool(auth)}
        if auth.startswith("Bearer ") and self.path.startswith("/v1/"):
            entry["jwt"] = check_jwt(auth[7:], "ES256")
        if self.path == "/token":
            form = urllib.parse.parse_qs(body.decode())
            entry["grant_type"] = form.get("grant_type", [""])[0]
            entry["jwt"] = check_jwt(form.get("assertion", [""])[0], "RS256")
        if self.path.startswith("/androidpublisher/"):
            entry["bearer_ok"] = auth == "Bearer " + ACCESS_TOKEN
        LOG.append(entry)
        return entry

    def do_GET(self):
        if self.path == "/__log":
            return self.answer(200, LOG)
        entry = self.record()
        mode = SCENARIO.get("mode", "ok")
        if self.path.startswith("/v1/"):
            return self.asc(mode)
        if self.path.startswith("/androidpublisher/"):
            return self.play(mode)
        if self.path == "/policy/en":
            # The live privacy policy of mode asc_live_policy: a page that names neither the app nor its developer.
            body = b"<html><body><h1>Privacy</h1><p>We collect nothing.</p></body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.answer(404, {"errors": [{"status": "404", "code": "NOT_FOUND"}]})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0") or 0)
        body = self.rfile.read(length) if length else b""
        entry = self.record(body)
        mode = SCENARIO.get("mode", "ok")
        if self.path == "/token":
            jwt = entry.get("jwt", {})
            claims = jwt.get("claims", {})
            good = (entry["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer" and jwt.get("header", {}).get("alg") == "RS256"
                    and claims.get("scope") == "https://www.googleapis.com/auth/androidpublisher"
                    and claims.get("exp", 0) - claims.get("iat", 0) <= 3600 and jwt.get("signature_ok") is not False)
            if not good or mode == "badgrant":
                return self.answer(400, {"error": "invalid_grant", "error_description": "Invalid JWT Signature."})
            return self.answer(200, {"access_token": ACCESS_TOKEN, "expires_in": 3599, "token_type": "Bearer"})
        if self.path.endswith("/edits"):
            return self.answer(200, {"id": "edit-1", "expiryTimeSeconds": "1999999999"})
        self.answer(404, {"error": {"code": 404, "message": "not found"}})

    def do_DELETE(self):
        self.record()
        self.answer(204)

    def asc(self, mode):
        if mode == "asc401":
            return self.answer(401, {"errors": [{"status": "401", "code": "NOT_AUTHORIZED", "title": "Authentication credentials are missing or invalid."}]})
        if mode == "asc_slow":
            time.sleep(6)
        parsed = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(parsed.query)
        path = parsed.path
        base = "http://127.0.0.1:%d" % self.server.server_address[1]
        if path == "/v1/apps":
            if mode == "asc429" and not STATE["asc_429_sent"]:
                STATE["asc_429_sent"] = True
                return self.answer(429, {"errors": [{"status": "429", "code": "RATE_LIMIT_EXCEEDED"}]},
                                   {"Retry-After": "1", "X-Rate-Limit": "user-hour-lim:3500;user-hour-rem:0;"})
            if mode == "asc429_long":
                return self.answer(429, {"errors": [{"status": "429", "code": "RATE_LIMIT_EXCEEDED"}]}, {"Retry-After": "3600"})
            if mode == "oversized":
                # Over the client's 8 MiB cap: the answer is cut there and refused, never parsed whole.
                return self.answer(200, raw=b'{"data": [' + b'{"type": "apps", "id": "x", "attributes": {}},' * 200000 + b'{}]}')
            bundle = query.get("filter[bundleId]", [""])[0]
            return self.answer(200, {"data": [
                resource("apps", "app-decoy", {"bundleId": bundle + ".widget", "name": "Decoy"}),
                resource("apps", "app-1", {"bundleId": bundle, "name": "TodoCloud", "primaryLocale": "en-US"})],
                "links": {"self": base + self.path}})
        if path == "/v1/apps/app-1/appInfos":
            if mode == "asc403_info":
                return self.answer(403, {"errors": [{"status": "403", "code": "FORBIDDEN_ERROR"}]})
            if "cursor" not in query:
                return self.answer(200, {
                    "data": [resource("appInfos", "info-live", {"state": "READY_FOR_DISTRIBUTION"},
                                      {"appInfoLocalizations": [ref("appInfoLocalizations", "l-live")]})],
                    "included": [resource("appInfoLocalizations", "l-live", {"locale": "en-US", "privacyPolicyUrl": "https://example-company.com/old"})],
                    "links": {"next": base + "/v1/apps/app-1/appInfos?cursor=2"}})
            answers = {q: "NONE" for q in ["alcoholTobaccoOrDrugUseOrReferences", "contests", "gamblingSimulated", "medicalOrTreatmentInformation",
                                           "profanityOrCrudeHumor", "sexualContentGraphicAndNudity", "sexualContentOrNudity", "horrorOrFearThemes",
                                           "matureOrSuggestiveThemes", "violenceCartoonOrFantasy", "violenceRealisticProlongedGraphicOrSadistic",
                                           "violenceRealistic", "gunsOrOtherWeapons"]}
            answers.update({q: False for q in ["gambling", "unrestrictedWebAccess", "advertising", "ageAssurance", "healthOrWellnessTopics",
                                               "parentalControls", "userGeneratedContent"]})
            answers["messagingAndChat"] = None
            return self.answer(200, {
                "data": [resource("appInfos", "info-edit", {"state": "PREPARE_FOR_SUBMISSION"},
                                  {"appInfoLocalizations": [ref("appInfoLocalizations", "l-en"), ref("appInfoLocalizations", "l-fr")],
                                   "ageRatingDeclaration": ref("ageRatingDeclarations", "decl-1")})],
                "included": [resource("appInfoLocalizations", "l-en", {"locale": "en-US", "name": "TodoCloud", "privacyPolicyUrl":
                                      base + "/policy/en" if mode == "asc_live_policy" else "https://example-company.com/privacy"}),
                             resource("appInfoLocalizations", "l-fr", {"locale": "fr-FR", "name": HOSTILE, "privacyPolicyUrl": None}),
                             resource("ageRatingDeclarations", "decl-1", answers)],
                "links": {"self": base + self.path}})
        if path == "/v1/apps/app-1/appStoreVersions":
            return self.answer(200, {
                "data": [resource("appStoreVersions", "ver-1", {"versionString": "2.4.0", "appVersionState": "PREPARE_FOR_SUBMISSION", "platform": "IOS"},
                                  {"appStoreVersionLocalizations": [ref("appStoreVersionLocalizations", "v-en"), ref("appStoreVersionLocalizations", "v-fr")],
                                   "appStoreReviewDetail": ref("appStoreReviewDetails", "rev-1"), "build": ref("builds", "build-1")})],
                "included": [resource("appStoreVersionLocalizations", "v-en", {"locale": "en-US", "description": "Lists that sync."}),
                             resource("appStoreVersionLocalizations", "v-fr", {"locale": "fr-FR", "description": HOSTILE * 80}),
                             resource("appStoreReviewDetails", "rev-1", {"demoAccountRequired": True, "demoAccountName": "reviewer@example.com",
                                                                         "demoAccountPassword": SCENARIO.get("password", ""), "notes": HOSTILE}),
                             # Uploaded after the Xcode 26 SDK requirement (2026-04-28), or before it in mode asc_old_build.
                             resource("builds", "build-1", {"version": "241", "processingState": "INVALID" if mode == "asc_invalid_build" else "VALID",
                                                            "minOsVersion": "17.0", "uploadedDate": "2026-03-01T09:30:00-08:00"
                                                            if mode == "asc_old_build" else "2026-05-02T10:11:12-07:00"})],
                # Pagination to another host: a client must not send its token there.
                "links": {"next": "http://localhost:%d/v1/apps/app-1/appStoreVersions?cursor=evil" % self.server.server_address[1]}})
        if path.startswith("/v1/appStoreVersionLocalizations/") and path.endswith("/appScreenshotSets"):
            # Per localization, with include=appScreenshots. en-US (the primary language): a 6.9-inch iPhone set of two
            # processed screenshots (a 5.5-inch one in mode asc_screenshots_missing) and a 13-inch iPad set whose only
            # screenshot FAILED; fr-FR: none (it falls back to en-US's).
            if path != "/v1/appStoreVersionLocalizations/v-en/appScreenshotSets":
                return self.answer(200, {"data": [], "links": {"self": base + self.path}})
            iphone = "APP_IPHONE_55" if mode == "asc_screenshots_missing" else "APP_IPHONE_67"
            return self.answer(200, {
                "data": [resource("appScreenshotSets", "set-phone", {"screenshotDisplayType": iphone},
                                  {"appScreenshots": [ref("appScreenshots", "shot-1"), ref("appScreenshots", "shot-2")]}),
                         resource("appScreenshotSets", "set-pad", {"screenshotDisplayType": "APP_IPAD_PRO_3GEN_129"},
                                  {"appScreenshots": [ref("appScreenshots", "shot-3")]})],
                "included": [resource("appScreenshots", "shot-1", {"fileName": "01_lists.png", "assetDeliveryState": {"state": "COMPLETE", "errors": []}}),
                             resource("appScreenshots", "shot-2", {"fileName": "02_sync.png", "assetDeliveryState": {"state": "COMPLETE", "errors": []}}),
                             resource("appScreenshots", "shot-3", {"fileName": "01_ipad.png", "assetDeliveryState": {
                                 "state": "FAILED", "errors": [{"code": "IMAGE_INCORRECT_DIMENSIONS", "description": HOSTILE}]}})],
                "links": {"self": base + self.path}})
        if path == "/v1/builds/build-1/buildBundles":
            # As App Store Connect answers API keys: the relationship has no GET; the include does.
            return self.answer(403, {"errors": [{"status": "403", "code": "FORBIDDEN_ERROR"}]})
        if path == "/v1/builds/build-1":
            return self.answer(200, {
                "data": resource("builds", "build-1", {"version": "241", "processingState": "VALID"},
                                 {"buildBundles": [ref("buildBundles", "bb-ext"), ref("buildBundles", "bb-app")]}),
                "included": [resource("buildBundles", "bb-ext", {"bundleType": "APP_CLIP", "sdkBuild": "22A100"}),
                             resource("buildBundles", "bb-app", {"bundleType": "APP", "sdkBuild": "23A339", "bundleId": "com.example.todocloud"})],
                "links": {"self": base + self.path}})
        if path == "/v1/apps/app-1/inAppPurchasesV2":
            return self.answer(200, {"data": [
                resource("inAppPurchases", "iap-1", {"productId": "com.example.todocloud.pro", "name": "Pro", "inAppPurchaseType": "NON_CONSUMABLE",
                                                      "state": "MISSING_METADATA"}),
                resource("inAppPurchases", "iap-2", {"productId": "com.example.todocloud.tip", "name": "Tip", "inAppPurchaseType": "CONSUMABLE",
                                                      "state": "APPROVED"})], "links": {"self": base + self.path}})
        if path == "/v1/apps/app-1/subscriptionGroups":
            return self.answer(200, {
                "data": [resource("subscriptionGroups", "group-1", {"referenceName": "Plans"}, {"subscriptions": [ref("subscriptions", "sub-1")]})],
                "included": [resource("subscriptions", "sub-1", {"productId": "com.example.todocloud.monthly", "name": "Monthly", "state": "REJECTED"})],
                "links": {"self": base + self.path}})
        self.answer(404, {"errors": [{"status": "404", "code": "NOT_FOUND"}]})

    def play(self, mode):
        if not self.headers.get("Authorization", "") == "Bearer " + ACCESS_TOKEN:
            return self.answer(401, {"error": {"code": 401, "message": "bad token"}})
        if mode == "play500" and self.path.endswith("/listings"):
            return self.answer(500, {"error": {"code": 500, "message": "backend error"}})
        if mode == "play_slow" and self.path.endswith("/listings"):
            # Long enough that only a signal (the test's SIGTERM) ends the read before the listings come.
            time.sleep(25)
        if self.path.endswith("/listings"):
            return self.answer(200, {"listings": [{"language": "en-US", "title": "TodoCloud", "shortDescription": "Lists that sync", "fullDescription": HOSTILE}]})
        if self.path.endswith("/details"):
            return self.answer(200, {"defaultLanguage": "en-US", "contactEmail": "dev@example.com"})
        images = {"icon": 1, "featureGraphic": 0, "phoneScreenshots": 1, "sevenInchScreenshots": 0, "tenInchScreenshots": 0}
        for kind, count in images.items():
            if self.path.endswith("/listings/en-US/" + kind):
                return self.answer(200, {"images": [{"id": "img-%d" % n, "url": "https://play.example/img-%d" % n, "sha256": "ef" * 32}
                                                    for n in range(count)]})
        if self.path.endswith("/tracks"):
            return self.answer(200, {"tracks": [{"track": "production", "releases": [{"status": "completed", "versionCodes": ["42"],
                                                                                         "releaseNotes": [{"language": "en-US", "text": "Fixes."}]}]}]})
        if self.path.endswith("/bundles"):
            return self.answer(200, {"bundles": [{"versionCode": 41, "sha256": "ab" * 32}, {"versionCode": 42, "sha256": "cd" * 32}]})
        self.answer(404, {"error": {"code": 404, "message": "not found"}})

ACCESS_TOKEN = "ya29.FAKE-ACCESS-TOKEN-0123456789-secret"
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
