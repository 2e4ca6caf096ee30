# Homebrew formula, from this repository until shipcheck is in a tap:
#   brew install --HEAD --formula https://raw.githubusercontent.com/shipcheck/shipcheck/main/Formula/shipcheck.rb
# (or, in a clone: brew install --HEAD --formula Formula/shipcheck.rb). It builds from source with the
# Swift toolchain of Xcode 16 or later. When releases exist, add the tag's `url` and `sha256` (the release's
# source archive) above `head` so that plain `brew install` installs the release.
class Shipcheck < Formula
  desc "Catch App Store and Google Play rejections before you submit"
  homepage "https://github.com/shipcheck/shipcheck"
  license "MIT"
  head "https://github.com/shipcheck/shipcheck.git", branch: "main"

  on_macos do
    depends_on xcode: ["16.0", :build]
  end
  on_linux do
    depends_on "swift" => :build
  end
  depends_on "libyaml"
  uses_from_macos "zlib"

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--static-swift-stdlib", "--product", "shipcheck"
    bin.install ".build/release/shipcheck"
    generate_completions_from_executable(bin/"shipcheck", "completions")
  end

  test do
    assert_match "utf-16 units     2", shell_output("#{bin}/shipcheck count 🚀")
    assert_match(/\A\d+\.\d+\.\d+\n\z/, shell_output("#{bin}/shipcheck --version"))
  end
end
