/// An HTML error page like the ones CDNs and load balancers answer with.
let htmlErrorPage = """
    <!DOCTYPE html><html><head><title>500 Internal Server Error</title></head>
    <body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>
    """
