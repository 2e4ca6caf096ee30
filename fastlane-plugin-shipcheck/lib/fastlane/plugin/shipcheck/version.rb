module Fastlane
  module Shipcheck
    VERSION = "0.1.0"
  end
end
