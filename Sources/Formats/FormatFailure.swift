/// A reader's verdict that a text is not the format it was taken for, at the place it stopped (`expected
/// \`- Name (version)\` in PODS`). The inspector that asked turns it into an `InputProblem` naming the file
/// (Project's `InspectedText.Failure` is this type), so one bad file never stops the inspection.
package struct FormatFailure: Error, Sendable, Equatable {
    package let location: SourceLocation
    package let message: String

    package init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }
}
