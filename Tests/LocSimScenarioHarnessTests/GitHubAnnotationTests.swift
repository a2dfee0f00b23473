import LocSimScenarioHarness
import Testing

@Suite struct GitHubAnnotationTests {
    @Test func formatsFileLineAndColumn() {
        #expect(
            GitHubAnnotation(file: "Recordings/x/expected.jsonl", line: 12, message: "differs").text
                == "::error file=Recordings/x/expected.jsonl,line=12::differs")
        #expect(
            GitHubAnnotation(file: "Recordings/x/scenario.json", line: 3, column: 17, message: "expected ','").text
                == "::error file=Recordings/x/scenario.json,line=3,col=17::expected ','")
        #expect(GitHubAnnotation(file: "a", message: "m").text == "::error file=a::m")
    }

    @Test func escapesPerGitHubRules() {
        #expect(GitHubAnnotation.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubAnnotation.escapeProperty("Recordings/a,b:c%\n") == "Recordings/a%2Cb%3Ac%25%0A")
        #expect(
            GitHubAnnotation(file: "R/we,ird:name/expected.jsonl", line: 1, message: "two\nlines 50%").text
                == "::error file=R/we%2Cird%3Aname/expected.jsonl,line=1::two%0Alines 50%25")
    }
}
