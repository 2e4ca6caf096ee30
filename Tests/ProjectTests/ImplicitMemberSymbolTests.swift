import Testing
@testable import Project

/// `.ident` symbols: Swift implicit members, found only where no name, call or subscript stands before the dot.
@Suite struct ImplicitMemberSymbolTests {
    @Test func implicitMembersMatch() {
        let source = """
        picker.sourceType = .camera
        guard UIImagePickerController.isSourceTypeAvailable(.camera) else { return }
        configure(sourceType: . camera)
        """
        #expect(ScanTests.hits(source, .swift, [".camera"]) == [".camera@1:22", ".camera@2:54", ".camera@3:25"])
    }

    @Test func membersOfANameOrCallDoNot() {
        let source = """
        let lens = device.camera
        let other = makeRig().camera
        let third = rigs[0].camera
        let fourth = rig?.camera
        let fifth = rig
            .camera
        // picker.sourceType = .camera (a comment)
        """
        #expect(ScanTests.hits(source, .swift, [".camera"]).isEmpty)
    }
}
