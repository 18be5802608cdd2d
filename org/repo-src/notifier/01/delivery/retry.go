package delivery

import "time"

// Webhook retry schedule: exponential backoff from 30 seconds, 24 h max, then the
// delivery is dropped and the tenant's CSM is told.
func NextRetry(attempt int) time.Duration {
	d := 30 * time.Second << attempt
	if d > 24*time.Hour {
		return 24 * time.Hour
	}
	return d
}
