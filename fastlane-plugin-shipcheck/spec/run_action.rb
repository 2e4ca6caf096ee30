# Runs the shipcheck action as a lane would: `ruby -I spec/stand_in spec/run_action.rb '{"path": "…"}'`
# (the stand-in of fastlane's Action API first on the load path). Prints one JSON object: the return value
# or the error that failed the lane, the command line, and the log lines.
require 'json'
require 'fastlane/action'
$LOAD_PATH.unshift(File.expand_path('../lib', __dir__))
require 'fastlane/plugin/shipcheck'

values = JSON.parse(ARGV.fetch(0, '{}')).transform_keys(&:to_sym)
result = { 'status' => nil, 'error' => nil }
begin
  action = Fastlane::Actions::ShipcheckAction
  params = FastlaneCore::Configuration.create(action.available_options, values)
  result['status'] = action.run(params)
rescue FastlaneCore::Interface::FastlaneError => e
  result['error'] = e.message
end
result['exit_status'] = Fastlane::Actions.lane_context[Fastlane::Actions::SharedValues::SHIPCHECK_EXIT_STATUS]
result['command'] = Fastlane::Actions.lane_context[Fastlane::Actions::SharedValues::SHIPCHECK_COMMAND]
result['log'] = FastlaneCore::UI::LOG
result['supports'] = %i[ios android].map { |platform| Fastlane::Actions::ShipcheckAction.is_supported?(platform) }
puts JSON.generate(result)
