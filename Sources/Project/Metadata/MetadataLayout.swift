import StoreLocale

/// The file and folder names fastlane deliver (App Store) and supply (Play) read. These are the tools'
/// folder format, not store policy, so they live here rather than in a checklist table.
/// Sources: fastlane `deliver/lib/deliver/upload_metadata.rb`, `supply/lib/supply.rb` (store-facts.md §1).
enum MetadataLayout {
    /// Per-locale deliver files; any one of them marks its folder as an App Store locale.
    static let appStoreLocaleFiles: Set<String> = [
        "name.txt", "subtitle.txt", "privacy_url.txt", "apple_tv_privacy_policy.txt", "description.txt",
        "keywords.txt", "release_notes.txt", "support_url.txt", "marketing_url.txt", "promotional_text.txt",
    ]

    /// Per-locale supply files; `changelogs/` and `images/` sub-folders mark a Play locale too.
    static let playLocaleFiles: Set<String> = ["title.txt", "short_description.txt", "full_description.txt", "video.txt"]
    static let playLocaleFolders: Set<String> = ["changelogs", "images"]

    /// F-Droid's own per-locale files (fdroidserver `update.py`, insert_localized_app_metadata, which also reads
    /// supply's names); `summary.txt` is F-Droid's alone and marks its layout.
    static let fdroidLocaleFiles: Set<String> = ["name.txt", "summary.txt", "description.txt", "video.txt"]
    static let fdroidMarkerFile = "summary.txt"

    /// deliver's non-localized files at the tree root.
    static let appStoreRootFiles: Set<String> = [
        "copyright.txt", "primary_category.txt", "secondary_category.txt", "primary_first_sub_category.txt",
        "primary_second_sub_category.txt", "secondary_first_sub_category.txt", "secondary_second_sub_category.txt",
    ]

    /// deliver's folders that are not locales (compared case-insensitively, as deliver does).
    static let appStoreSpecialFolders: Set<String> = [
        "default", "review_information", "app_clip_review_information", "trade_representative_contact_information",
        "appletv", "imessage", "android", "fonts",
    ]

    static let reviewFolder = "review_information"
    static let defaultFolder = "default"

    /// Legacy `review_information` file names deliver still reads, mapped to the current ones.
    static let legacyReviewNames: [String: String] = [
        "review_first_name": "first_name", "review_last_name": "last_name", "review_phone_number": "phone_number",
        "review_email": "email_address", "review_demo_user": "demo_user", "review_demo_password": "demo_password",
        "review_notes": "notes",
    ]

    /// supply's image types: single images and screenshot folders.
    static let playImageFiles: Set<String> = ["featureGraphic", "icon", "tvBanner"]
    static let playImageExtensions: Set<String> = ["png", "jpg", "jpeg"]

    static func isSpecial(_ folder: String, in store: Store) -> Bool {
        store == .appstore && appStoreSpecialFolders.contains(folder.lowercased())
    }
}
