"""Discord's limits on a message and its components (the API refuses anything beyond them), in one
place for the panel builder and the test that proves every panel fits."""

ROWS = 5                # action rows of a classic view
MAX_BUTTONS = 20        # a single pick shown as buttons (4 rows of 5, leaving a row free)
SELECT_OPTIONS = 25     # options in one select, and max_values
SELECT_LABEL = 100      # an option's label, value and description
BUTTON_LABEL = 80
PLACEHOLDER = 150
CUSTOM_ID = 100
TEXT = 1900             # a panel's text (message content stops at 2,000; V2 text at 4,000)
V2_COMPONENTS = 40      # components in a Components V2 message, nested ones included
