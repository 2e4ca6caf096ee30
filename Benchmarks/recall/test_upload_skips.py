#!/usr/bin/env python3
"""Unit tests of the harness's model of which parts fastlane uploads skip (recall_lib/upload_skips.py).

    python3 Benchmarks/recall/test_upload_skips.py

The trees are in memory. The first has the shape of mastodon/mastodon-android (GPL-3.0; the shape only, written
here): its release workflow runs `bundle exec fastlane deploy` with SUPPLY_SKIP_UPLOAD_METADATA: true in the step's
env:, and the lane's upload_to_play_store sets only the image switches, so supply sends changelogs and no listing.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from recall_lib import find, upload_skips  # noqa: E402

FASTFILE = """default_platform(:android)
platform :android do
  lane :deploy do
    gradle(task: "bundle")
    upload_to_play_store(
      skip_upload_images: true,
      skip_upload_screenshots: true
    )
  end
  lane :beta do
    upload_to_play_store(track: "internal", skip_upload_images: true, skip_upload_screenshots: true)
  end
end
"""


def workflow(lane, env):
    lines = "".join(f"          {k}: {v}\n" for k, v in env.items())
    return ("name: Deploy\non:\n  workflow_dispatch:\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/checkout@v4\n\n"
            f"      - name: Build and deploy to Google Play\n        run: bundle exec fastlane {lane}\n        env:\n{lines}")


class Tree:
    def __init__(self, files):
        self.contents = files
        self.files = set(files)

    def read(self, path):
        return self.contents.get(path)


def tree(**extra):
    files = {"fastlane/Fastfile": FASTFILE, "fastlane/Appfile": 'package_name("org.example")\n',
             "fastlane/metadata/android/en-US/title.txt": "Example\n"}
    files.update(extra)
    return Tree(files)


class UploadSkipsTests(unittest.TestCase):
    def test_step_env_skips_the_listing_for_every_lane_it_runs(self):
        t = tree(**{".github/workflows/deploy.yml": workflow("deploy", {"SUPPLY_SKIP_UPLOAD_METADATA": "true"}),
                    ".github/workflows/beta.yml": workflow("beta", {"SUPPLY_SKIP_UPLOAD_METADATA": "'true'"})})
        self.assertIn("skip_upload_metadata", find.supply_skips(t, "fastlane"))
        self.assertNotIn("skip_upload_changelogs", find.supply_skips(t, "fastlane"))

    def test_a_lane_no_workflow_skips_still_uploads_the_listing(self):
        # beta runs without the variable (and a developer runs it by hand): the listing goes up.
        t = tree(**{".github/workflows/deploy.yml": workflow("deploy", {"SUPPLY_SKIP_UPLOAD_METADATA": "true"})})
        self.assertNotIn("skip_upload_metadata", find.supply_skips(t, "fastlane"))

    def test_the_calls_argument_wins_over_the_environment(self):
        fastfile = FASTFILE.replace("skip_upload_images: true,\n", "skip_upload_images: true,\n      skip_upload_metadata: false,\n")
        t = tree(**{"fastlane/Fastfile": fastfile,
                    ".github/workflows/deploy.yml": workflow("deploy", {"SUPPLY_SKIP_UPLOAD_METADATA": "true"}),
                    ".github/workflows/beta.yml": workflow("beta", {"SUPPLY_SKIP_UPLOAD_METADATA": "true"})})
        self.assertNotIn("skip_upload_metadata", find.supply_skips(t, "fastlane"))

    def test_a_value_fastlane_does_not_read_as_true_skips_nothing(self):
        t = tree(**{".github/workflows/deploy.yml": workflow("deploy", {"SUPPLY_SKIP_UPLOAD_METADATA": "false"}),
                    ".github/workflows/beta.yml": workflow("beta", {"SUPPLY_SKIP_UPLOAD_METADATA": "false"})})
        self.assertNotIn("skip_upload_metadata", find.supply_skips(t, "fastlane"))

    def test_dotenv_holds_for_a_developers_run(self):
        t = tree(**{"fastlane/.env": "SUPPLY_SKIP_UPLOAD_METADATA=true\n"})
        self.assertIn("skip_upload_metadata", find.supply_skips(t, "fastlane"))

    def test_a_command_line_run_of_supply_reads_its_flags(self):
        t = Tree({"fastlane/Supplyfile": "", ".github/workflows/listing.yml":
                  "jobs:\n  j:\n    steps:\n      - run: |\n          fastlane supply --skip_upload_metadata --skip_upload_apk\n"})
        self.assertEqual(upload_skips.skips(t, "fastlane", "play"), {"skip_upload_metadata"})

    def test_a_script_beside_the_folder_runs_supply_with_equals_flags(self):
        # medTimer's uploadToPlay.sh: `fastlane supply --skip_upload_changelogs=true …`, the only Play upload.
        t = Tree({"fastlane/Fastfile": "lane :shots do\n  capture_android_screenshots\nend\n", "uploadToPlay.sh":
                  "#!/bin/sh\nfastlane supply --skip_upload_apk=true --skip_upload_changelogs=true --sync-image-upload=true\n"})
        self.assertEqual(upload_skips.skips(t, "fastlane", "play"), {"skip_upload_changelogs"})

    def test_deliver_reads_deliver_skip_metadata(self):
        t = Tree({"fastlane/Fastfile": "lane :release do\n  deliver(skip_screenshots: true)\nend\n",
                  ".github/workflows/r.yml": workflow("release", {"DELIVER_SKIP_METADATA": "YES"})})
        self.assertEqual(upload_skips.skips(t, "fastlane", "appstore"), {"skip_metadata", "skip_screenshots"})


if __name__ == "__main__":
    unittest.main()
