#pragma once
// The 'baseline big SUV' of Zhou, Peng & Lu (2008), Table 1, with the geometry the paper leaves open
// (docs/zhou-2008-assumptions.md): rectangle, road adhesion 0.70 and roll-axis height.
#include "core/vehicle.hpp"

namespace crashbench {

/// Table 1 vehicle: M 2450 kg, Izz 4946 kg m^2, a 1.105 m, b 1.745 m, h_CG 0.66 m, C_f 145750 and
/// C_r 104830 N/rad, m_R 2210 kg, h 0.40 m, I_xxs 1597, I_xz 40 kg m^2, K_s 94000 N m/rad,
/// D_s 8000 N m s/rad; road mu 0.70. Assumed: CG to rear bumper 2.58 m (fits Table 2's lever arm),
/// CG to front bumper 2.005 m, width 1.90 m, roll axis 0.21 m above ground (an impact at the CG
/// height acts 0.45 m above the roll axis; fits Table 2's roll rate with the K_s term kept). Its own
/// parameters are the four-dof model's (FourDofParameters).
VehicleParams zhou_2008_suv();

}  // namespace crashbench
