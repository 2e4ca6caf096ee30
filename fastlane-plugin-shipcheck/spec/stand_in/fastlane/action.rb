# A minimal stand-in for the part of fastlane's Action API the plugin uses (fastlane is not packaged by
# Debian): ConfigItem and a Configuration that applies defaults, environment variables, Array splitting
# and verify blocks as fastlane does; UI whose user_error! raises FastlaneError; the lane context.
# The names and behaviour follow fastlane 2.x (fastlane_core/configuration, fastlane/action.rb).
module FastlaneCore
  class ConfigItem
    attr_reader :key, :env_name, :description, :type, :default_value, :optional, :verify_block

    def initialize(key:, env_name: nil, description: nil, type: nil, default_value: nil, optional: nil, verify_block: nil)
      @key = key
      @env_name = env_name
      @description = description
      @type = type
      @default_value = default_value
      @optional = optional.nil? ? !default_value.nil? : optional
      @verify_block = verify_block
      raise ArgumentError, "#{key}: an option needs a description" if description.to_s.empty?
    end

    # fastlane splits a String given for an Array option on commas.
    def auto_convert(value)
      return value.split(',').map(&:strip) if type == Array && value.is_a?(String)
      value
    end
  end

  class Configuration
    def self.create(items, values)
      new(items, values)
    end

    def initialize(items, values)
      @items = items.to_h { |item| [item.key, item] }
      unknown = values.keys - @items.keys
      raise Interface::FastlaneError, "Could not find option '#{unknown.first}' in the list of available options" unless unknown.empty?
      @values = {}
      values.each do |key, value|
        item = @items[key]
        value = item.auto_convert(value)
        item.verify_block&.call(value)
        @values[key] = value
      end
    end

    def [](key)
      item = @items.fetch(key) { raise Interface::FastlaneError, "Could not find option '#{key}'" }
      return @values[key] if @values.key?(key)
      return item.auto_convert(ENV[item.env_name]) if item.env_name && ENV[item.env_name]
      item.default_value
    end
  end

  module Interface
    class FastlaneError < StandardError; end
  end

  # Records what the action says, for the test to read back.
  module UI
    LOG = []

    def self.message(text) = LOG << ['message', text]
    def self.success(text) = LOG << ['success', text]
    def self.command_output(text) = LOG << ['command_output', text]

    def self.user_error!(text)
      LOG << ['user_error', text]
      raise Interface::FastlaneError, text
    end
  end
end

module Fastlane
  UI = FastlaneCore::UI

  class Action; end

  module Actions
    def self.lane_context
      @lane_context ||= {}
    end
  end
end
