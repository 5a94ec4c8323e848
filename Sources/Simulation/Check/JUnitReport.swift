/// JUnit XML: per scenario, one test case for its snapshot and one per expectation; an invalid
/// scenario is one test case with an error.
public enum JUnitReport {
  /// The XML document.
  public static func render(_ checks: [ScenarioCheck], orphans: [String] = []) -> String {
    var total = 0
    var failures = 0
    var errors = 0
    var suites = ""
    for check in checks {
      let name = escape(check.name)
      if check.isInvalid {
        total += 1
        errors += 1
        let text = check.problems.map { $0.headline }.joined(separator: "\n")
        suites += "  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
        suites += "    <testcase classname=\"\(name)\" name=\"load\">\n"
        suites +=
          "      <error message=\"the scenario is invalid\">\(escape(text))</error>\n    </testcase>\n  </testsuite>\n"
        continue
      }
      let suiteFailures = (check.snapshot == .unchanged ? 0 : 1) + check.failedExpectations.count
      total += 1 + check.expectations.count
      failures += suiteFailures
      suites +=
        "  <testsuite name=\"\(name)\" tests=\"\(1 + check.expectations.count)\" failures=\"\(suiteFailures)\" errors=\"0\">\n"
      suites += "    <testcase classname=\"\(name)\" name=\"snapshot\""
      switch check.snapshot {
      case .unchanged?, nil: suites += "/>\n"
      case .new?:
        suites +=
          ">\n      <failure message=\"no snapshot yet\">run 'fitquest check --update' to write \(escape(check.snapshotPath))</failure>\n    </testcase>\n"
      case .changed(let lines)?:
        suites +=
          ">\n      <failure message=\"outcomes changed\">\(escape(lines.joined(separator: "\n")))</failure>\n    </testcase>\n"
      }
      for result in check.expectations {
        suites += "    <testcase classname=\"\(name)\" name=\"\(escape("expect " + result.expectation.summary))\""
        if result.passed {
          suites += "/>\n"
        } else {
          suites +=
            ">\n      <failure message=\"\(escape("actual " + result.actual))\">\(escape(result.diagnostic.headline))</failure>\n    </testcase>\n"
        }
      }
      suites += "  </testsuite>\n"
    }
    if !orphans.isEmpty {
      total += orphans.count
      failures += orphans.count
      suites +=
        "  <testsuite name=\"snapshots\" tests=\"\(orphans.count)\" failures=\"\(orphans.count)\" errors=\"0\">\n"
      for orphan in orphans {
        suites += "    <testcase classname=\"snapshots\" name=\"\(escape(orphan))\">\n"
        suites +=
          "      <failure message=\"its scenario is gone\">delete \(escape(orphan)) or restore its scenario</failure>\n    </testcase>\n"
      }
      suites += "  </testsuite>\n"
    }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"fitquest check\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
    return xml + suites + "</testsuites>\n"
  }

  package static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
