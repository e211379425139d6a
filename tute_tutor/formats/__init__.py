"""The public formats: scenarios, hand records (``tute-hand/1``) and share links."""
