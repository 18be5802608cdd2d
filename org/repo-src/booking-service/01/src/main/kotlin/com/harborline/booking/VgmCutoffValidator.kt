package com.harborline.booking

import java.time.Instant

// Cutoff validation for VGM submission: the verified gross mass must reach the carrier
// before the VGM cutoff of the sailing, or the container will not be loaded.
class VgmCutoffValidator(private val clock: () -> Instant) {
    fun validate(vgmCutoff: Instant): List<String> =
        if (clock().isAfter(vgmCutoff)) listOf("VGM submission after the cutoff") else emptyList()
}
