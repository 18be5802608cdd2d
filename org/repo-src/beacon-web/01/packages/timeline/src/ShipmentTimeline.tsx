// The shipment timeline component: one row per milestone, newest first.
import React from "react";

export function ShipmentTimeline({ milestones }: { milestones: { code: string; at: string }[] }) {
  return <ol>{milestones.map((m) => <li key={m.code + m.at}>{m.code} {m.at}</li>)}</ol>;
}
