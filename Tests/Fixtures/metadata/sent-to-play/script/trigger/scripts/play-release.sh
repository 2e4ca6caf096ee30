#!/bin/sh
# Copies the current F-Droid changelog of every locale into the folder the Play upload reads.
set -e
code=$(grep versionCode app/build.gradle | tr -dc 0-9)
for lang in en-US de-DE; do
  cp "fastlane/metadata/android/$lang/changelogs/$code.txt" "whatsnew/whatsnew-$lang"
done
