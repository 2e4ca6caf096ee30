lib = File.expand_path('lib', __dir__)
$LOAD_PATH.unshift(lib) unless $LOAD_PATH.include?(lib)
require 'fastlane/plugin/shipcheck/version'

Gem::Specification.new do |spec|
  spec.name          = 'fastlane-plugin-shipcheck'
  spec.version       = Fastlane::Shipcheck::VERSION
  spec.author        = 'shipcheck'
  spec.license       = 'MIT'
  spec.summary       = 'Check an iOS/Android project for App Store and Google Play rejections before you submit'
  spec.files         = Dir['lib/**/*'] + %w[README.md LICENSE]
  spec.require_paths = ['lib']
  spec.required_ruby_version = '>= 2.6'
  spec.add_development_dependency('fastlane', '>= 2.220.0')
end
