import Testing
@testable import Formats

/// The first project-dependency pattern read on the bytes gives the regex's answer, or leaves the statement to it.
@Suite struct GradleProjectPathTests {
    static func regex(_ text: String) -> String? {
        GradleScript.captures(GradleScript.projectDependencyPatterns[0], text)?.first
    }

    @Test func bytesAgreeWithTheRegex() {
        let statements = [
            #"implementation(project(":core:ui"))"#, #"implementation project(':feature-a.impl')"#,
            #"api(project(path: ":x"))"#, #"api project(path:':x:y')"#, #"api   (  project  (  path =  ":x" ) )"#,
            #"implementation project(path: ':x', configuration: 'default')"#, #"implementation(project(":"))"#,
            #"implementation(project(":a"+":b"))"#, #"implementation(project(":a'))"#, #"implementation(projects.core.ui)"#,
            #"implementation(project(path))"#, #"implementation(project(":${name}"))"#, #"implementation(project("core"))"#,
            #"implementation(platform(project(":bom")))"#, #"implementation((project(":x")))"#, #"_impl(project(":x"))"#,
            #"9impl(project(":x"))"#, #"project(":x")"#, #"implementation(project(pathx: ":x"))"#, #"implementation(project(path ":x"))"#,
            #"implementationproject(":x")"#, #"myproject (":x")"#, #""implementation"(project(":x"))"#, #"add("api", project(":x"))"#,
            "implementation(project(\":x\"))\t", "implementation(\nproject(\":x\"))", #"implementation(project(":é"))"#,
            #"implementation(project(":x_y-z.w:v"))"#, #"implementation(project(":x" ))"#, #"implementation(project( ':x'"#,
        ]
        var decided = 0
        for text in statements {
            switch GradleScript.firstProjectPath(text) {
            case .found(let path):
                decided += 1
                #expect(Self.regex(text) == path, "\(text)")
            case .absent:
                decided += 1
                #expect(Self.regex(text) == nil, "\(text)")
            case .unknown:
                continue
            }
        }
        #expect(decided >= statements.count - 6)
        // What is left to the regex: a tab, a line break, a non-ASCII byte, a first word ending in `project`.
        #expect(GradleScript.firstProjectPath("implementation(project(\":x\"))\t") == .unknown)
        #expect(GradleScript.firstProjectPath(#"implementationproject(":x")"#) == .unknown)
        #expect(GradleScript.firstProjectPath(#"implementation(project(":é"))"#) == .unknown)
        #expect(GradleScript.firstProjectPath(#"api project(path: ':x:y')"#) == .found(":x:y"))
    }
}
