"""Plotly reports: the player-stat dashboard (:mod:`.dashboard`) and the disputed-pot report (:mod:`.hand`)."""
