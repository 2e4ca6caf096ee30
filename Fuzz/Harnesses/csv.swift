// libFuzzer harness: the CSV reader and the Data safety export reader.
import Foundation
@testable import Formats
@testable import Project

let schema = DataSafetySchema(questions: [:])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? CSVReader.records(bytes)
    _ = try? DataSafetyReader.parse(data: Data(bytes), path: "data-safety.csv", schema: schema)
    return 0
}
