package normalize

// Dedupe: two DEP events (or any two events with the same code) for one shipment from
// different sources are merged; the source priority list decides which one wins.
var sourcePriority = []string{"carrier-api", "edi-315", "ais", "manual"}

func Better(a, b Event) Event {
	for _, s := range sourcePriority {
		if a.Source == s {
			return a
		}
		if b.Source == s {
			return b
		}
	}
	return a
}
