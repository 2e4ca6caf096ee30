require 'fastlane/plugin/shipcheck/version'

module Fastlane
  module Shipcheck
    # Every action in actions/ is loaded by fastlane's plugin manager through this method.
    def self.all_classes
      Dir[File.expand_path('**/{actions,helper}/*.rb', File.dirname(__FILE__))]
    end
  end
end

Fastlane::Shipcheck.all_classes.each do |current|
  require current
end
