#!/bin/sh
# Prints the current changelog for the GitHub release page.
set -e
code=$(grep versionCode app/build.gradle | tr -dc 0-9)
cat "fastlane/metadata/android/en-US/changelogs/$code.txt"
