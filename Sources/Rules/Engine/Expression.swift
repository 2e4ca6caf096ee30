/// A `when`/`expect` expression over facts. (Being written.)
public indirect enum Expression: Sendable {
    case fact(String)
}
