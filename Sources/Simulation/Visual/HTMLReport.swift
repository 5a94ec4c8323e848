import Engine
import RuleLanguage

/// `fitquest report`: one self-contained HTML file (inline SVG and CSS, one small inline script,
/// nothing from the network), read top-down: a headline with the answer to the question asked
/// (what moved most, the sweep's medians, or each scenario's headline milestones), the contents,
/// the run's identity, the sweep, then per scenario what moved, the milestones as one chart and,
/// folded, the fan charts over time, nutrition and loads. Every chart has a table with its numbers.
public struct HTMLReport {
  /// One rule pack's runs of a scenario.
  public struct Side {
    public var label: String
    public var engine: Engine
    public var outcome: ReportRunner.Outcome
    /// The rule pack's directory as given (with its changes), which tells two packs of the same
    /// name and version apart.
    public var source: String
    /// Its colour in the charts: "candidate" for the candidate pack, else "base".
    var role: String { label == "candidate" ? "candidate" : "base" }
    public init(label: String, engine: Engine, outcome: ReportRunner.Outcome, source: String? = nil) {
      self.label = label
      self.engine = engine
      self.outcome = outcome
      self.source = source ?? label
    }
  }

  /// How the sides' packs are named: "base (default 1.0.0)", or, when two sides' packs share a
  /// name and version (a candidate copied from the base), with the directory given as `compare`
  /// names them: "base: rules (default 1.0.0)", "candidate: rules with xp.caps.perDay=600 (default
  /// 1.0.0)".
  static func packNames(_ sides: [Side]) -> [String] {
    let plain = sides.map { "\($0.engine.pack.name) \($0.engine.pack.version)" }
    guard Set(plain).count < plain.count else { return zip(sides, plain).map { "\($0.label) (\($1))" } }
    return zip(sides, plain).map { "\($0.label): \($0.source) (\($1))" }
  }

  /// A scenario under one pack, or under a base and a candidate.
  public struct Part {
    public var scenario: Scenario
    public var sides: [Side]
    public init(scenario: Scenario, sides: [Side]) {
      self.scenario = scenario
      self.sides = sides
    }
  }

  /// A sweep of one value: per scenario, the aggregate at each value.
  public struct SweepPart {
    public var path: String
    public var values: [Double]
    public var scenarios: [(scenario: Scenario, aggregates: [RunAggregate])]
    public init(path: String, values: [Double], scenarios: [(scenario: Scenario, aggregates: [RunAggregate])]) {
      self.path = path
      self.values = values
      self.scenarios = scenarios
    }
  }

  public var parts: [Part]
  public var sweep: SweepPart?
  public var runs: Int
  public var overrides: [String]
  public var candidateOverrides: [String]
  public var version: String
  /// Tornado charts of `fitquest report --sensitivity` (see TornadoChart.swift), if asked for.
  public var sensitivity: SensitivityAnalysis?

  public init(
    parts: [Part], sweep: SweepPart?, runs: Int, overrides: [String], candidateOverrides: [String], version: String
  ) {
    self.parts = parts
    self.sweep = sweep
    self.runs = runs
    self.overrides = overrides
    self.candidateOverrides = candidateOverrides
    self.version = version
  }

  /// The whole document.
  public func html() -> String {
    var body = "<header><h1>FitQuest balance report</h1></header>\n" + headline() + contents()
    body += "<section id=\"run\"><h2>What was run</h2>\(identity())</section>\n"
    if let sweep { body += sweepSection(sweep) }
    for part in parts { body += section(part) }
    if let sensitivity { body += TornadoChart(analysis: sensitivity).section() }
    // Table cells and rows end where the next begins: HTML's optional end tags, left out to keep
    // the thousands of cells under the charts small.
    body = body.replacingOccurrences(of: "</td>", with: "").replacingOccurrences(of: "</tr>", with: "")
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>FitQuest balance report: \(HTML.escape(parts.map(\.scenario.name).joined(separator: ", ")))</title>
      <style>\(Self.css)</style></head>
      <body>
      \(body)<footer>FitQuest \(HTML.escape(version)) · every number is also in the table under its chart (daily charts: every 14th day) · p10–p90 bands, median lines; "never" counts runs where a milestone did not happen</footer>
      <script>\(Self.script)</script>
      </body></html>

      """
  }

  /// Scenarios, rules, seeds, runs, overrides, version.
  func identity() -> String {
    var rows: [(String, String)] = []
    rows.append(("scenarios", parts.map { "\($0.scenario.name) (\($0.scenario.path))" }.joined(separator: ", ")))
    var packs: [String] = []
    for part in parts {
      for (side, name) in zip(part.sides, Self.packNames(part.sides)) {
        let text = "\(name), digest \(side.engine.pack.digest)"
        if !packs.contains(text) { packs.append(text) }
      }
    }
    rows.append(("rules", packs.joined(separator: "; ")))
    let seeds = parts.map { "\($0.scenario.name) \($0.scenario.seed)" }.joined(separator: ", ")
    rows.append(("seeds", "\(seeds); run i uses the i-th seed derived from the scenario seed"))
    rows.append(("runs", "\(runs) per scenario and rule pack"))
    rows.append(("overrides", overrides.isEmpty ? "none" : overrides.joined(separator: ", ")))
    if !candidateOverrides.isEmpty { rows.append(("candidate overrides", candidateOverrides.joined(separator: ", "))) }
    if let sweep {
      rows.append(("sweep", "\(sweep.path) over \(sweep.values.map(NumberText.short).joined(separator: ", "))"))
    }
    rows.append(("FitQuest", version))
    return "<dl class=\"identity\">"
      + rows.map { "<dt>\(HTML.escape($0.0))</dt><dd data-identity=\"\(HTML.escape($0.0))\">\(HTML.escape($0.1))</dd>" }
      .joined() + "</dl>"
  }

  static let css = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1100px;padding:16px 24px;color:#1d232a;background:#fff}
    h1{font-size:24px;margin:8px 0}h2{font-size:20px;border-top:2px solid #d6dbe1;padding-top:16px;margin-top:32px}h3{font-size:16px;margin-top:24px}
    dl.identity{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;background:#f4f6f8;padding:10px 14px;border-radius:6px}
    dt{font-weight:600}dd{margin:0}figure{margin:12px 0 20px}figcaption{font-weight:600;margin-bottom:4px}
    .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(480px,1fr));gap:8px 24px}
    svg{width:100%;height:auto;background:#fff}.grid{stroke:#e3e7eb}.axis{stroke:#5b6670}
    .tick{font-size:11px;fill:#4a545e}.weeks{fill:#8a949e}.axis-title{font-size:12px;fill:#1d232a}
    .band.base{fill:#3b7dd8;opacity:.22}.median.base{stroke:#1f5fbf;stroke-width:2;fill:none}
    .band.candidate{fill:#e0792b;opacity:.22}.median.candidate{stroke:#c4561a;stroke-width:2;fill:none;stroke-dasharray:6 3}
    .bar.base{fill:#3b7dd8}.bar.candidate{fill:#e0792b}.bar.never,.bar .never{fill:#9aa4ae}
    .marker{stroke-dasharray:3 3}.marker.base{stroke:#1f5fbf}.marker.candidate{stroke:#c4561a}
    .marker-label{font-size:11px}.marker-label.base{fill:#1f5fbf}.marker-label.candidate{fill:#c4561a}
    .range{stroke-width:3}.range.base{stroke:#3b7dd8}.range.candidate{stroke:#e0792b}.range.open{stroke-dasharray:4 3}
    .ty{text-anchor:end;dominant-baseline:middle}.tx{text-anchor:middle}.tm{dominant-baseline:middle}
    .charts figure:only-child{max-width:540px}.milestone-plot svg{max-width:760px}
    .dot.base{fill:#1f5fbf}.dot.candidate{fill:#c4561a}
    .headline{background:#eef4fb;border-radius:6px;padding:4px 16px 10px}.headline h2{border:0;margin-top:8px;padding-top:0}
    .toc ol{columns:2;margin:4px 0}.toc h2{font-size:16px}details.fold>summary{font-size:16px;font-weight:600;color:#1d232a;margin:18px 0 6px}
    .legend span{display:inline-block;margin-right:14px}.legend i{display:inline-block;width:14px;height:4px;margin-right:5px;vertical-align:middle}
    .legend .base i{background:#1f5fbf}.legend .candidate i{background:#c4561a}
    table{border-collapse:collapse;font-size:12px;margin:4px 0}th,td{border-bottom:1px solid #e3e7eb;padding:2px 8px;text-align:right}
    th:first-child,td:first-child{text-align:left}details summary{cursor:pointer;color:#4a545e;font-size:12px}
    footer{margin-top:40px;color:#6b757f;font-size:12px}
    """

  /// Checks, once loaded, that every chart drew something, that no two text labels of a chart
  /// overlap (every fold opened while measuring, then closed again), and where the headline
  /// ends; the browser test reads the results from attributes of the body.
  static let script = """
    (function(){var b=document.body,charts=document.querySelectorAll('svg[data-chart]');var drawn=0,overlaps=0,first='';
    charts.forEach(function(c){var ok=false;c.querySelectorAll('path,rect,circle,line.range').forEach(function(p){
    var d=p.getAttribute('d');if((d&&d.length>2)||(p.tagName==='rect'&&+p.getAttribute('height')>0)||p.tagName!=='path'&&p.tagName!=='rect')ok=true;});if(ok)drawn++;});
    var folds=[].filter.call(document.querySelectorAll('details'),function(d){return !d.open;});folds.forEach(function(d){d.open=true;});
    charts.forEach(function(c){var boxes=[].map.call(c.querySelectorAll('text'),function(t){return [t,t.getBoundingClientRect()];})
    .filter(function(e){return e[1].width>0&&e[1].height>0&&e[0].textContent.length>0;});
    for(var i=0;i<boxes.length;i++)for(var j=i+1;j<boxes.length;j++){var a=boxes[i][1],o=boxes[j][1];
    if(a.left<o.right-0.5&&o.left<a.right-0.5&&a.top<o.bottom-0.5&&o.top<a.bottom-0.5){overlaps++;
    if(!first)first=c.getAttribute('data-chart')+': '+boxes[i][0].textContent+' | '+boxes[j][0].textContent;}}});
    folds.forEach(function(d){d.open=false;});var h=document.getElementById('headline');
    b.setAttribute('data-charts',String(charts.length));b.setAttribute('data-charts-drawn',String(drawn));
    b.setAttribute('data-label-overlaps',String(overlaps));b.setAttribute('data-first-overlap',first);
    if(h){var r=h.getBoundingClientRect();b.setAttribute('data-headline-top',String(Math.round(r.top+window.scrollY)));}})();
    """
}
