"""3-13 Speed: Three Thirteen played simultaneously, for up to twelve players (RULEBOOK SPD)."""
