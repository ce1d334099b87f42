"""Panel + Bokeh widgets for railkit (the only UI layer)."""
