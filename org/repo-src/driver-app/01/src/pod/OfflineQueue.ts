// Proof-of-delivery photos are uploaded through an offline queue: a photo taken without
// signal is stored on the device and uploaded when the phone is back online.
export class OfflineQueue {
  private pending: string[] = [];
  enqueue(photoPath: string): void { this.pending.push(photoPath); }
  flush(upload: (p: string) => Promise<void>): Promise<void[]> {
    return Promise.all(this.pending.splice(0).map(upload));
  }
}
