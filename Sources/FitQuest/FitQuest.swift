// FitQuest, the library: `import FitQuest` is all an app or a service needs. It brings the
// engine (rule packs, events, players, awards), the ledger (durable players behind a store) and
// the rule language (diagnostics, JSON, formulas). Documentation.docc has the guides.
//
// A name an app also uses resolves through the module: `FitQuest.Workout`, `FitQuest.Engine`.

@_exported import Engine
@_exported import Ledger
@_exported import RuleLanguage
