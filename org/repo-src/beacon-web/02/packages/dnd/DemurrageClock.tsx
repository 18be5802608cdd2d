// How the portal shows the demurrage countdown: days of free time left at the terminal.
import React from "react";

export function DemurrageClock({ freeTimeEnds }: { freeTimeEnds: Date }) {
  const days = Math.ceil((freeTimeEnds.getTime() - Date.now()) / 86_400_000);
  return <span>{days >= 0 ? `${days} days of free time left` : "demurrage accruing"}</span>;
}
