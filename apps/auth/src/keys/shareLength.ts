/** A share's length in bytes: the 32 key bytes' y values plus one x coordinate (shamir-secret-sharing's layout). */
export const shareLength = 33
