import Foundation
import StoreLocale
import Testing
@testable import Project

/// Which folder each upload sends, resolved as fastlane, Gradle Play Publisher and CI resolve it
/// (Sources/Project/Metadata/UploadPath).
@Suite struct UploadPathTests {
    func text(_ value: String) -> Data { Data(value.utf8) }

    func trees(_ folder: TemporaryFolder) -> [String: MetadataTree] {
        Dictionary(uniqueKeysWithValues: (MetadataTestSupport.discover(folder.path).part?.trees ?? []).map { ($0.path, $0) })
    }

    func facts(_ folder: TemporaryFolder) -> [String: Fact] {
        let trees = MetadataTestSupport.discover(folder.path).part?.trees ?? []
        return Dictionary(MetadataFacts.facts(trees, facts: FactStore()).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aSupplyfilePathNamesATreeWhateverItsName() throws {
        let folder = try TemporaryFolder()
        try folder.write("meta/android/en-US/title.txt", text("Notes\n"))
        try folder.write("fastlane/Supplyfile", text("package_name \"org.example\"\nmetadata_path \"meta/android\"\n"))
        let tree = try #require(trees(folder)["meta/android"])
        #expect(tree.consumer.store == .play)
        #expect(tree.consumer.evidence.map(\.location) == [SourceLocation(path: "fastlane/Supplyfile"), SourceLocation(path: "fastlane/Supplyfile", line: 2)])
    }

    @Test func withoutAnUploadAnOddlyNamedFolderIsNoTree() throws {
        let folder = try TemporaryFolder()
        try folder.write("meta/android/en-US/title.txt", text("Notes\n"))
        #expect(trees(folder)["meta/android"] == nil)
    }

    @Test func theActionsArgumentWinsOverItsVariableWhichWinsOverTheSupplyfile() throws {
        let folder = try TemporaryFolder()
        for name in ["a", "b", "c"] { try folder.write("\(name)/en-US/title.txt", text("Notes\n")) }
        try folder.write("fastlane/Supplyfile", text("metadata_path \"c\"\n"))
        try folder.write("fastlane/.env", text("SUPPLY_METADATA_PATH=b\n"))
        try folder.write("fastlane/Fastfile", text("lane :one do\n  supply(metadata_path: \"a\")\nend\nlane :two do\n  supply\nend\n"))
        let found = trees(folder)
        #expect(found["a"]?.consumer.store == .play)
        #expect(found["b"]?.consumer.store == .play)
        // Lane two has no argument and SUPPLY_METADATA_PATH is set (fastlane/.env): the Supplyfile's `c` is never read.
        #expect(found["c"] == nil)
    }

    @Test func deliverFolderSelectedByDashDashEnvInTheWorkflow() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata-pro/en-US/name.txt", text("Pro\n"))
        try folder.write("fastlane/metadata-free/en-US/name.txt", text("Free\n"))
        try folder.write("fastlane/Deliverfile", text("metadata_path(ENV[\"METADATA_PATH\"])\n"))
        try folder.write("fastlane/.env.pro", text("METADATA_PATH=fastlane/metadata-pro\n"))
        try folder.write("fastlane/Fastfile", text("lane :release do\n  deliver\nend\n"))
        try folder.write(".github/workflows/release.yml", text("""
            jobs:
              ship:
                steps:
                  - run: bundle exec fastlane ios release --env pro
            """))
        let found = trees(folder)
        #expect(found["fastlane/metadata-pro"]?.consumer.store == .appstore)
        #expect(found["fastlane/metadata-free"]?.consumer.store == nil)
        #expect(found["fastlane/metadata-free"]?.consumer.isPassedBy == true)
        let chain = try #require(facts(folder)["metadata.fastlane/metadata-pro.upload"])
        #expect(chain.value.description.contains("fastlane/metadata-pro ← deliver in lane release (fastlane/Fastfile:2) ← runs it: bundle exec fastlane ios release --env pro (.github/workflows/release.yml:4) ← metadata_path(ENV[\"METADATA_PATH\"]) (fastlane/Deliverfile:1) ← METADATA_PATH=fastlane/metadata-pro"), "\(chain.value)")
    }

    @Test func anEnvFileOverloadedByTheFastfileSelectsTheFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/brand/metadata/en-US/name.txt", text("Brand\n"))
        try folder.write("fastlane/.env.brand", text("STORE_METADATA=\"./fastlane/brand/metadata\"\n"))
        try folder.write("fastlane/Fastfile", text("Dotenv.overload(\".env.brand\")\nlane :release do\n  upload_to_app_store(metadata_path: ENV[\"STORE_METADATA\"])\nend\n"))
        #expect(trees(folder)["fastlane/brand/metadata"]?.consumer.store == .appstore)
    }

    @Test func aFolderFromAVariableNoFileSetsIsUnresolvedNeverPassedBy() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("lane :deploy do\n  supply(metadata_path: ENV[\"LISTING\"])\nend\n"))
        let tree = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(tree.consumer.store == nil)
        #expect(!tree.consumer.isPassedBy)
        #expect(tree.judgement(by: .play) == .ifUploaded)
        let unresolved = try #require(facts(folder)["metadata.fastlane/metadata/android.upload_unresolved"])
        #expect(unresolved.value.description.contains("ENV[\"LISTING\"] is set by no file shipcheck reads"), "\(unresolved.value)")
    }

    @Test func aSkipFlagInTheStepsEnvironmentLeavesThePartOut() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("lane :deploy do\n  upload_to_play_store\nend\n"))
        try folder.write(".github/workflows/release.yml", text("""
            env:
              SUPPLY_SKIP_UPLOAD_IMAGES: "true"
            jobs:
              deploy:
                steps:
                  - name: Upload
                    env:
                      SUPPLY_SKIP_UPLOAD_METADATA: true
                    run: fastlane deploy
            """))
        let tree = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(tree.consumer.skipped == ["metadata", "images"])
        let chain = try #require(facts(folder)["metadata.fastlane/metadata/android.upload"])
        #expect(chain.value.description.contains("SUPPLY_SKIP_UPLOAD_METADATA=true: skips metadata (.github/workflows/release.yml:8)"), "\(chain.value)")
        #expect(chain.value.description.contains(": changelogs, screenshots only"), "\(chain.value)")
    }

    /// Meshtastic-Android's promote.yml (GPL-3.0) runs `bundle exec fastlane supply \` with its skip flags on the
    /// lines after it: the shell runs one command, so the flags are supply's. Read line by line, the upload looked
    /// whole and its 17 locale folders were judged as Play's (false errors: nothing but changelogs-free promotion runs).
    @Test func flagsOnContinuedLinesBelongToTheCommand() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        try folder.write(".github/workflows/promote.yml", text("""
            jobs:
              promote:
                steps:
                  - name: Promote to next channel
                    run: |
                      bundle exec fastlane supply \\
                        --track "$FROM_TRACK" \\
                        --skip_upload_metadata \\
                        --skip_upload_changelogs \\
                        --skip_upload_images \\
                        --skip_upload_screenshots
            """))
        // Every part skipped: supply sends nothing of the tree, so it is no Play tree (its locale folders are not Play's).
        #expect(trees(folder)["fastlane/metadata/android"]?.consumer.store != .play)
        #expect(facts(folder)["metadata.fastlane/metadata/android.upload"] == nil)
        // The twin on one line: the same answer, so the continuation is what the first case tests.
        try folder.write(".github/workflows/promote.yml", text("""
            jobs:
              promote:
                steps:
                  - run: bundle exec fastlane supply --track "$FROM_TRACK" --skip_upload_metadata
            """))
        #expect(trees(folder)["fastlane/metadata/android"]?.consumer.skipped == ["metadata"])
    }

    /// The recall control on habitica-android: a workflow job whose env skips every part of the listing runs supply,
    /// and nothing else uploads the tree. That run is the team's visible Play upload and it sends no listing (the Play
    /// side of pilot): the tree is passed by, so Play's rules give notes there, not "if uploaded" warnings.
    @Test func aSupplyRunThatSkipsEveryPartPassesTheTreeBy() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        #expect(trees(folder)["fastlane/metadata/android"]?.consumer.isPassedBy == false, "no upload at all: judged if uploaded")
        try folder.write(".github/workflows/play-listing.yml", text("""
            jobs:
              listing:
                env:
                  SUPPLY_SKIP_UPLOAD_CHANGELOGS: "true"
                  SUPPLY_SKIP_UPLOAD_IMAGES: "true"
                  SUPPLY_SKIP_UPLOAD_SCREENSHOTS: "true"
                  SUPPLY_SKIP_UPLOAD_METADATA: "true"
                steps:
                  - run: bundle exec fastlane supply --skip_upload_apk --skip_upload_aab
            """))
        let tree = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(tree.consumer.store == nil)
        #expect(tree.consumer.isPassedBy)
        #expect(tree.consumer.evidence.first?.location.path == ".github/workflows/play-listing.yml")
        #expect(tree.consumer.evidence.first?.snippet.hasSuffix("sends no listing") == true, "\(tree.consumer.evidence)")
        // One part left to send (the title): the run uploads the tree, which is Play's.
        try folder.write(".github/workflows/play-listing.yml", text("""
            jobs:
              listing:
                env:
                  SUPPLY_SKIP_UPLOAD_CHANGELOGS: "true"
                  SUPPLY_SKIP_UPLOAD_IMAGES: "true"
                  SUPPLY_SKIP_UPLOAD_SCREENSHOTS: "true"
                steps:
                  - run: bundle exec fastlane supply --skip_upload_apk --skip_upload_aab
            """))
        #expect(trees(folder)["fastlane/metadata/android"]?.consumer.store == .play)
    }

    @Test func anEnvFileSelectedByNameOverridesTheStepButDotEnvDoesNot() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("lane :deploy do\n  upload_to_play_store\nend\n"))
        try folder.write("fastlane/.env", text("SUPPLY_SKIP_UPLOAD_CHANGELOGS=true\n"))
        try folder.write("fastlane/.env.beta", text("SUPPLY_SKIP_UPLOAD_IMAGES=true\n"))
        try folder.write(".github/workflows/release.yml", text("""
            jobs:
              deploy:
                env:
                  SUPPLY_SKIP_UPLOAD_CHANGELOGS: false
                  SUPPLY_SKIP_UPLOAD_IMAGES: false
                steps:
                  - run: fastlane deploy --env beta
            """))
        #expect(trees(folder)["fastlane/metadata/android"]?.consumer.skipped == ["images"])
    }

    @Test func plainMovesBeforeTheUploadLeaveOnlyWhatRemains() throws {
        let folder = try TemporaryFolder()
        for locale in ["en-US", "de-DE", "xx-YY"] { try folder.write("fastlane/metadata/android/\(locale)/title.txt", text("Notes\n")) }
        try folder.write("fastlane/Fastfile", text("lane :deploy do\n  supply\nend\n"))
        try folder.write(".github/workflows/release.yml", text("""
            jobs:
              deploy:
                steps:
                  - run: |
                      mv fastlane/metadata/android fastlane/metadata/android_orig
                      mkdir fastlane/metadata/android
                      mv fastlane/metadata/android_orig/en-US fastlane/metadata/android/
                  - run: bundle exec fastlane deploy
            """))
        let tree = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(tree.consumer.uploadedLocales == ["en-US"])
        #expect(tree.consumer.changedBeforeUpload.isEmpty)
    }

    @Test func aGlobBeforeTheUploadLeavesWhatIsSentUnknown() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("lane :deploy do\n  supply\nend\n"))
        try folder.write(".github/workflows/release.yml", text("""
            jobs:
              deploy:
                steps:
                  - run: rm -rf fastlane/metadata/android/*-*
                  - run: bundle exec fastlane deploy
            """))
        let tree = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(tree.consumer.uploadedLocales == nil)
        #expect(tree.consumer.changedBeforeUpload.map(\.location) == [SourceLocation(path: ".github/workflows/release.yml", line: 4)])
    }

    @Test func gradlePlayPublisherListingsAreAPlayTree() throws {
        let folder = try TemporaryFolder()
        try folder.write("app/build.gradle.kts", text("plugins {\n  id(\"com.github.triplet.play\") version \"3.12.1\"\n}\nplay {\n  track.set(\"beta\")\n}\n"))
        try folder.write("app/src/main/play/listings/en-US/title.txt", text("Notes\n"))
        try folder.write("app/src/main/play/listings/en-US/short-description.txt", text("Short\n"))
        try folder.write("app/src/main/play/release-notes/en-US/default.txt", text("Default\n"))
        try folder.write("app/src/main/play/release-notes/en-US/beta.txt", text("Beta\n"))
        let tree = try #require(trees(folder)["app/src/main/play"])
        #expect(tree.layout == .gradlePlayPublisher)
        #expect(tree.consumer.store == .play)
        #expect(tree.consumer.evidence.first?.location == SourceLocation(path: "app/build.gradle.kts", line: 2))
        #expect(tree.locales.first?.fields["short_description"]?.text == "Short")
        #expect(tree.shippingChangelogs(versionCode: "3")["en-US"]?.value.text == "Beta")
        #expect(tree.folders.map(\.name) == ["en-US", "en-US"])
        #expect(tree.field(ofPath: "app/src/main/play/release-notes/en-US/beta.txt") == "changelogs")
    }

    /// mullvad/mullvadvpn-app (GPL-3.0) android/: the root build declares GPP with `apply false` for app/, which applies
    /// it; the root's own src/main/play holds notes the team's scripts copy, and GPP never reads it.
    @Test func gradlePlayPublisherDeclaredWithApplyFalseReadsNothingOfTheRoot() throws {
        let folder = try TemporaryFolder()
        try folder.write("android/build.gradle.kts", text("plugins {\n    alias(libs.plugins.play.publisher) apply false\n}\n"))
        try folder.write("android/app/build.gradle.kts", text("plugins {\n    alias(libs.plugins.play.publisher)\n}\n"))
        try folder.write("android/src/main/play/listings/en-US/title.txt", text("Mullvad VPN: privacy is a universal right\n"))
        try folder.write("android/app/src/main/play/listings/en-US/title.txt", text("Mullvad VPN\n"))
        let found = trees(folder)
        #expect(found["android/src/main/play"]?.consumer.store == nil)
        #expect(found["android/app/src/main/play"]?.consumer.store == .play)
        #expect(found["android/app/src/main/play"]?.consumer.evidence.first?.location == SourceLocation(path: "android/app/build.gradle.kts", line: 2))
    }

    @Test func aWhatsNewDirectoryIsATreeOfReleaseNotes() throws {
        let folder = try TemporaryFolder()
        try folder.write("whatsnew/whatsnew-en-US", text("Fixes\n"))
        try folder.write(".github/workflows/release.yml", text("""
            jobs:
              deploy:
                steps:
                  - uses: r0adkll/upload-google-play@v1
                    with:
                      whatsNewDirectory: ./whatsnew
            """))
        let tree = try #require(trees(folder)["whatsnew"])
        #expect(tree.layout == .whatsNewFiles)
        #expect(tree.consumer.store == .play)
        #expect(tree.shippingChangelogs(versionCode: nil)["en-US"]?.value.location.path == "whatsnew/whatsnew-en-US")
    }

    @Test func fDroidReadsTheRootMetadataFolderAndATreeBothStoresRead() throws {
        let folder = try TemporaryFolder()
        try folder.write("metadata/en-US/short_description.txt", text("Summary\n"))
        #expect(trees(folder)["metadata"]?.consumer.store == .fdroid)

        let both = try TemporaryFolder()
        try both.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        try both.write("fastlane/Fastfile", text("lane :deploy do\n  supply\nend\n"))
        try both.write("README.md", text("[F-Droid](https://f-droid.org/packages/org.example/)\n"))
        let tree = try #require(trees(both)["fastlane/metadata/android"])
        #expect(tree.consumer.store == .play)
        #expect(tree.consumer.alsoReadBy[.fdroid]?.first?.location == SourceLocation(path: "README.md", line: 1))
        #expect(tree.judgement(by: .fdroid) == .judged && tree.judgement(by: .play) == .judged)
    }

    /// A Deliverfile read by `fastlane deliver` run by hand (no lane calls deliver): METADATA_PATH is set only by
    /// `.env.appstore`, which `--env appstore` loads. The folder it names is a tree, judged "if uploaded"; before,
    /// it was not found at all (home-assistant-iOS with a seeded `.env` path: the over-long subtitle vanished).
    @Test func aFolderAnEnvFileOffersIsATreeJudgedIfUploaded() throws {
        let folder = try TemporaryFolder()
        try folder.write("store/appstore/en-US/subtitle.txt", text("Lists\n"))
        try folder.write("fastlane/.env.appstore", text("METADATA_PATH=./store/appstore\n"))
        try folder.write("fastlane/Deliverfile", text("metadata_path(ENV[\"METADATA_PATH\"])\n"))
        let tree = try #require(trees(folder)["store/appstore"])
        #expect(tree.consumer.store == nil && !tree.consumer.isPassedBy)
        #expect(tree.judgement(by: .appstore) == .ifUploaded)
        let unresolved = try #require(facts(folder)["metadata.store/appstore.upload_unresolved"])
        #expect(unresolved.value.description.contains("./store/appstore (fastlane/.env.appstore:1)"), "\(unresolved.value)")
        // The same folder with no .env file naming it is no tree (nothing says an upload reads it).
        let none = try TemporaryFolder()
        try none.write("store/appstore/en-US/subtitle.txt", text("Lists\n"))
        try none.write("fastlane/Deliverfile", text("metadata_path(ENV[\"METADATA_PATH\"])\n"))
        #expect(trees(none)["store/appstore"] == nil)
    }

    /// fdroidserver reads every file of the folders it builds from; supply's skip flags are Play's. tasks (GPL-3.0)
    /// uploads changelogs only (skip_upload_metadata) and is on F-Droid: its title was judged by nobody.
    @Test func aPlaySkipFlagLeavesTheFileInWhatFDroidReads() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("lane :deploy do\n  supply(skip_upload_metadata: true)\nend\n"))
        try folder.write("README.md", text("[F-Droid](https://f-droid.org/packages/org.example/)\n"))
        let tree = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(!tree.uploads(field: "title") && !tree.uploads(field: "title", to: .play))
        #expect(tree.uploads(field: "title", to: .fdroid))
        #expect(tree.uploads(field: "changelogs", to: .play))
        // facts shows both chains: supply's (changelogs only) and F-Droid's (every file).
        let chain = try #require(facts(folder)["metadata.fastlane/metadata/android.upload"])
        #expect(chain.value.description.contains("fastlane/metadata/android ← fdroidserver builds from the source (update.py insert_localized_app_metadata) ← [F-Droid]"), "\(chain.value)")
        #expect(chain.value.description.contains("changelogs, images, screenshots only"), "\(chain.value)")
    }

    /// A root metadata/<locale>/ holding only F-Droid's summary.txt is F-Droid's tree (update.py reads each file).
    @Test func aSummaryAloneMakesTheRootMetadataFDroidsTree() throws {
        let folder = try TemporaryFolder()
        try folder.write("metadata/en-US/summary.txt", text("Summary\n"))
        let tree = try #require(trees(folder)["metadata"])
        #expect(tree.store == .fdroid && tree.consumer.store == .fdroid)
    }

    /// The workflow runs lane `release`, which calls lane `play` and a helper `def` that runs supply: both uploads
    /// are the run's, so the step's SUPPLY_SKIP_UPLOAD_METADATA holds for them (before, only a call written in the
    /// lane the step names got the step's environment; the rest counted as a developer's run sending everything).
    @Test func aLaneCallingALaneOrAHelperRunsItsUploadsInTheStepsEnvironment() throws {
        let folder = try TemporaryFolder()
        try folder.write("fastlane/metadata/android/en-US/title.txt", text("Notes\n"))
        try folder.write("fastlane/Fastfile", text("""
            def upload_listing(track)
              supply(track: track)
            end
            lane :play do
              upload_to_play_store(track: "beta")
            end
            lane :release do
              gradle(task: "bundle")
              play
              upload_listing("production")
            end
            lane :unrelated do
              gradle(task: "test")
            end
            """))
        try folder.write(".github/workflows/release.yml", text("""
            jobs:
              deploy:
                steps:
                  - env:
                      SUPPLY_SKIP_UPLOAD_METADATA: "true"
                    run: bundle exec fastlane release
            """))
        let tree = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(tree.consumer.skipped == ["metadata"])
        // A lane that reaches neither upload leaves them to a developer's run (the whole listing).
        try folder.write(".github/workflows/release.yml", text("""
            jobs:
              deploy:
                steps:
                  - env:
                      SUPPLY_SKIP_UPLOAD_METADATA: "true"
                    run: bundle exec fastlane unrelated
            """))
        #expect(try #require(trees(folder)["fastlane/metadata/android"]).consumer.skipped.isEmpty)
    }

    /// A step that runs `./scripts/release.sh`: the script's `mv` and `fastlane supply` run in the step's environment,
    /// after the step's earlier commands. A script outside the root (`../x.sh`) is never read.
    @Test func aScriptTheStepRunsIsFollowedInsideTheRoot() throws {
        let folder = try TemporaryFolder()
        for locale in ["en-US", "de"] { try folder.write("fastlane/metadata/android/\(locale)/title.txt", text("Notes\n")) }
        try folder.write("scripts/release.sh", text("""
            #!/bin/sh
            mv fastlane/metadata/android/de /tmp/de
            bundle exec fastlane supply --skip_upload_images
            """))
        try folder.write(".github/workflows/release.yml", text("""
            jobs:
              deploy:
                steps:
                  - env:
                      SUPPLY_SKIP_UPLOAD_SCREENSHOTS: "true"
                    run: ./scripts/release.sh
            """))
        let tree = try #require(trees(folder)["fastlane/metadata/android"])
        #expect(tree.consumer.store == .play)
        #expect(tree.consumer.skipped == ["images", "screenshots"])
        #expect(tree.consumer.uploadedLocales == ["en-US"])
        #expect(FastlaneRuns.scriptPath("bash ../outside.sh", folder: []) == nil)
        #expect(FastlaneRuns.scriptPath("sh $DIR/x.sh", folder: []) == nil)
        #expect(FastlaneRuns.scriptPath("bash scripts/x.sh --fast", folder: ["android"]) == "android/scripts/x.sh")
    }

    /// GPP's `play { enabled.set(false) }` turns publishing off for the module; `playConfigs { register("free") {
    /// enabled.set(false) } }` for one variant, whose source sets (`src/free/play`, `src/freeRelease/play`) are then
    /// sent by nothing, while `src/main/play` still goes with the other variants (GPP README, "Disabling publishing").
    @Test func gradlePlayPublisherDisabledForTheModuleOrAVariant() throws {
        let folder = try TemporaryFolder()
        for set in ["main", "free", "freeRelease"] { try folder.write("app/src/\(set)/play/listings/en-US/title.txt", text("Notes\n")) }
        try folder.write("app/build.gradle.kts", text("""
            plugins {
                id("com.github.triplet.play") version "3.12.1"
            }
            play {
                track.set("beta")
                playConfigs {
                    register("free") {
                        enabled.set(false)
                    }
                }
            }
            """))
        var found = trees(folder)
        #expect(found["app/src/main/play"]?.consumer.store == .play)
        #expect(found["app/src/free/play"]?.consumer.store == nil && found["app/src/free/play"]?.consumer.isPassedBy == true)
        #expect(found["app/src/freeRelease/play"]?.consumer.evidence.first?.location == SourceLocation(path: "app/build.gradle.kts", line: 8))
        try folder.write("app/build.gradle.kts", text("plugins {\n    id(\"com.github.triplet.play\")\n}\nplay {\n    enabled.set(false)\n}\n"))
        found = trees(folder)
        #expect(found["app/src/main/play"]?.consumer.store == nil)
    }

    /// mullvadvpn (github.com/mullvad/mullvadvpn-app, GPL-3.0), android/app/build.gradle.kts, excerpt: `play { enabled =
    /// false }` for the module, and playConfigs entries that turn publishing back on for release variants
    /// (`enabled = !appVersion.isDev`, on its own line or on the `register` line). GPP merges a variant's entry over the
    /// extension, so `src/main/play` (read by every variant) ships with `playProdRelease`; a source set only variants
    /// left off read (`src/oss/play`) does not.
    @Test func gradlePlayPublisherReenabledForAVariantUnderAModuleWideOff() throws {
        let folder = try TemporaryFolder()
        for set in ["main", "play", "oss"] { try folder.write("android/app/src/\(set)/play/listings/en-US/title.txt", text("Notes\n")) }
        try folder.write("android/app/build.gradle.kts", text("""
            plugins {
                alias(libs.plugins.play.publisher)
            }
            android {
                playConfigs {
                    register("playDevmoleRelease") { enabled = appVersion.isAlpha }
                    register("playProdRelease") {
                        enabled = !appVersion.isDev
                        releaseStatus.set(ReleaseStatus.DRAFT)
                    }
                }
            }
            play {
                // Disable for all flavors by default. Only specific flavors should be enabled using
                // PlayConfigs.
                enabled = false
                track = "internal"
            }
            """))
        let found = trees(folder)
        let main = try #require(found["android/app/src/main/play"])
        #expect(main.consumer.store == .play)
        #expect(main.consumer.evidence.contains { $0.location == SourceLocation(path: "android/app/build.gradle.kts", line: 6) })
        #expect(found["android/app/src/play/play"]?.consumer.store == .play)
        #expect(found["android/app/src/oss/play"]?.consumer.store == nil)
        // Without the playConfigs entries, the module-wide off holds for every source set.
        try folder.write("android/app/build.gradle.kts", text("plugins {\n    alias(libs.plugins.play.publisher)\n}\nplay {\n    enabled = false\n}\n"))
        #expect(trees(folder)["android/app/src/main/play"]?.consumer.store == nil)
        #expect(MetadataConsumerDetection.readsSourceSet(variant: "playProdRelease", sourceSet: "playProd"))
        #expect(!MetadataConsumerDetection.readsSourceSet(variant: "playProdRelease", sourceSet: "ossProd"))
        #expect(!MetadataConsumerDetection.readsSourceSet(variant: "playProdRelease", sourceSet: "pro"))
    }

    @Test func rubyValuesAreReadAsFastlaneWouldGetThem() {
        #expect(RubyValue.option("metadata_path", in: "supply(metadata_path: \"a/b\", track: 'x')") == .literal("a/b"))
        #expect(RubyValue.option("metadata_path", in: "metadata_path(ENV[\"X\"])") == .environment("X", fallback: nil))
        #expect(RubyValue.option("metadata_path", in: "metadata_path: ENV.fetch('X', 'd')") == .environment("X", fallback: "d"))
        #expect(RubyValue.option("metadata_path", in: "metadata_path: ENV['X'] || \"d\"") == .environment("X", fallback: "d"))
        #expect(RubyValue.option("metadata_path", in: "skip_metadata_path_check: true") == nil)
        if case .unreadable = RubyValue.option("metadata_path", in: "metadata_path: path_for(flavor)") {} else { Issue.record("a method call is unreadable") }
    }
}
