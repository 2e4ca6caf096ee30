require 'fastlane/action'
require 'open3'
require 'shellwords'

module Fastlane
  module Actions
    module SharedValues
      SHIPCHECK_EXIT_STATUS = :SHIPCHECK_EXIT_STATUS
      SHIPCHECK_COMMAND = :SHIPCHECK_COMMAND
    end

    # Runs the shipcheck binary on the project before a release and fails the lane when it reports
    # findings at or above fail_on (exit 1), or cannot run (exit 2: usage, configuration, unreadable input).
    class ShipcheckAction < Action
      def self.run(params)
        command = command_line(params)
        Actions.lane_context[SharedValues::SHIPCHECK_COMMAND] = command
        UI.message("$ #{command.shelljoin}")
        status = run_binary(command)
        Actions.lane_context[SharedValues::SHIPCHECK_EXIT_STATUS] = status
        case status
        when 0
          UI.success("shipcheck: nothing at or above '#{params[:fail_on]}'")
        when 1
          UI.user_error!("shipcheck found problems at or above '#{params[:fail_on]}' that store review would reject; fix them (the report above says what and where), or set fail_on: 'never' to report without failing the lane")
        else
          UI.user_error!("shipcheck could not check the project (exit #{status}); its error is printed above")
        end
        status
      end

      # The argument list, never a shell string: paths with spaces or quotes reach shipcheck unchanged.
      def self.command_line(params)
        command = [params[:binary], 'check', params[:path].to_s]
        command += ['--fail-on', params[:fail_on].to_s]
        list(params[:formats]).each { |format| command += ['--format', format] }
        command += ['--only', list(params[:only]).join(',')] unless list(params[:only]).empty?
        command += ['--skip', list(params[:skip]).join(',')] unless list(params[:skip]).empty?
        command += ['--baseline', params[:baseline].to_s] if params[:baseline]
        command += ['--config', params[:config].to_s] if params[:config]
        list(params[:archive]).each { |archive| command += ['--archive', archive] }
        command
      end

      def self.list(value)
        return [] if value.nil?
        return value.map(&:to_s).reject(&:empty?) if value.is_a?(Array)
        value.to_s.split(',').map(&:strip).reject(&:empty?)
      end

      # Streams shipcheck's report into the lane's log as it is written; the exit status.
      def self.run_binary(command)
        Open3.popen2e(*command) do |stdin, output, thread|
          stdin.close
          output.each_line { |line| UI.command_output(line.chomp) }
          thread.value.exitstatus || 2
        end
      rescue Errno::ENOENT
        UI.user_error!("shipcheck is not installed: '#{command.first}' was not found; build and install it from a clone of https://github.com/shipcheck/shipcheck with `make install` (or `brew install --HEAD --formula Formula/shipcheck.rb` in that clone), or pass binary: '/path/to/shipcheck'")
      end

      def self.description
        'Check an iOS/Android project and its store metadata for App Store and Google Play rejections with shipcheck'
      end

      def self.details
        'Runs `shipcheck check` on the project and fails the lane when it finds what review would reject. ' \
          'Give formats such as junit:fastlane/test_output/shipcheck.xml to write reports for CI (missing folders inside the project are created).'
      end

      def self.authors
        ['shipcheck']
      end

      def self.return_value
        "shipcheck's exit status: 0 when nothing is at or above fail_on"
      end

      def self.output
        [
          ['SHIPCHECK_EXIT_STATUS', "shipcheck's exit status"],
          ['SHIPCHECK_COMMAND', 'The command line that was run, as an array']
        ]
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :path, env_name: 'SHIPCHECK_PATH', description: 'The project root to check',
                                       type: String, default_value: '.'),
          FastlaneCore::ConfigItem.new(key: :fail_on, env_name: 'SHIPCHECK_FAIL_ON',
                                       description: 'Fail the lane on findings at or above: error, warning, note, never',
                                       type: String, default_value: 'error',
                                       verify_block: proc do |value|
                                         unless %w[error warning note info never].include?(value.to_s)
                                           UI.user_error!("fail_on takes error, warning, note or never, not '#{value}'")
                                         end
                                       end),
          FastlaneCore::ConfigItem.new(key: :formats, env_name: 'SHIPCHECK_FORMATS',
                                       description: 'Report formats, FORMAT or FORMAT:PATH (text, json, sarif, junit, markdown, checkstyle, gitlab, github)',
                                       type: Array, default_value: ['text']),
          FastlaneCore::ConfigItem.new(key: :only, env_name: 'SHIPCHECK_ONLY', description: 'Run only these rule ids or checklists',
                                       type: Array, optional: true),
          FastlaneCore::ConfigItem.new(key: :skip, env_name: 'SHIPCHECK_SKIP', description: 'Skip these rule ids or checklists',
                                       type: Array, optional: true),
          FastlaneCore::ConfigItem.new(key: :baseline, env_name: 'SHIPCHECK_BASELINE', description: 'Hide the findings recorded in this baseline file',
                                       type: String, optional: true),
          FastlaneCore::ConfigItem.new(key: :archive, env_name: 'SHIPCHECK_ARCHIVE',
                                       description: 'Built archives to check with the sources (.ipa, .xcarchive, .aab, .apk); e.g. lane_context[SharedValues::IPA_OUTPUT_PATH]',
                                       type: Array, optional: true),
          FastlaneCore::ConfigItem.new(key: :config, env_name: 'SHIPCHECK_CONFIG', description: 'The shipcheck.yml to use (default: found from the project)',
                                       type: String, optional: true),
          FastlaneCore::ConfigItem.new(key: :binary, env_name: 'SHIPCHECK_BINARY', description: 'The shipcheck executable',
                                       type: String, default_value: 'shipcheck')
        ]
      end

      def self.example_code
        [
          'shipcheck',
          'shipcheck(path: "apps/mobile", formats: ["text", "junit:fastlane/test_output/shipcheck.xml"])',
          'shipcheck(archive: lane_context[SharedValues::IPA_OUTPUT_PATH], fail_on: "warning")'
        ]
      end

      def self.category
        :testing
      end

      def self.is_supported?(platform)
        %i[ios android mac].include?(platform)
      end
    end
  end
end
